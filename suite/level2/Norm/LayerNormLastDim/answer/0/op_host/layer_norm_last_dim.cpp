#include <algorithm>

#include "layer_norm_last_dim_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t BUFFER_NUM = 2;
constexpr uint32_t ROW_ALIGN = 16;         // 16 elements are 32 bytes of fp16/bf16 and 64 of float
constexpr uint32_t FLOAT_REPEAT = 64;      // floats per vector repeat
constexpr uint32_t FLOAT_BLOCK = 8;        // floats per 32-byte block
constexpr uint32_t MAX_TILE_ROWS = 4095;   // DataCopyPad's blockCount limit
constexpr uint32_t UB_RESERVED_BYTES = 1024;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    if (shape.GetDimNum() == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rowLength = shape.GetDim(shape.GetDimNum() - 1);
    const uint64_t rows = rowLength == 0 ? 0 : shape.GetShapeSize() / rowLength;
    if (rows == 0 || context->GetInputShape(1)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(rowLength) ||
        context->GetInputShape(2)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(rowLength)) {
        return ge::GRAPH_FAILED;
    }
    const uint32_t typeSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 4 : 2;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    const uint32_t rowStride = (rowLength + ROW_ALIGN - 1) / ROW_ALIGN * ROW_ALIGN;
    const uint32_t repeats = (rowLength + FLOAT_REPEAT - 1) / FLOAT_REPEAT;
    const uint32_t workLength = (2 * repeats + FLOAT_BLOCK - 1) / FLOAT_BLOCK * FLOAT_BLOCK;
    // Fixed UB: float row, float square, float gamma, float beta, parameter staging, work buffer,
    // one stats block.
    const uint64_t fixedBytes = 4ULL * rowStride * sizeof(float) + rowStride * typeSize +
                                workLength * sizeof(float) + FLOAT_BLOCK * sizeof(float) + UB_RESERVED_BYTES;
    const uint64_t bytesPerRow = BUFFER_NUM * 2ULL * rowStride * typeSize;  // double-buffered x and y
    if (fixedBytes + bytesPerRow > ubSize) {
        return ge::GRAPH_FAILED;  // one row must fit in UB
    }
    const uint32_t coreNum = static_cast<uint32_t>(std::min<uint64_t>(platform.GetCoreNumAiv(), rows));
    const uint32_t rowsPerCore = rows / coreNum;
    const uint32_t tailCores = rows % coreNum;
    const uint32_t tileRows = static_cast<uint32_t>(std::min<uint64_t>(
        {(ubSize - fixedBytes) / bytesPerRow, rowsPerCore + (tailCores > 0 ? 1ULL : 0ULL), MAX_TILE_ROWS}));

    LayerNormLastDimTilingData tiling;
    tiling.set_rowLength(rowLength);
    tiling.set_rowStride(rowStride);
    tiling.set_rowsPerCore(rowsPerCore);
    tiling.set_tailCores(tailCores);
    tiling.set_tileRows(tileRows);
    tiling.set_workLength(workLength);
    tiling.set_epsilon(*context->GetAttrs()->GetFloat(0));
    tiling.set_invRowLength(1.0f / static_cast<float>(rowLength));
    context->SetBlockDim(coreNum);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class LayerNormLastDim : public OpDef {
public:
    explicit LayerNormLastDim(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("gamma")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("beta")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("epsilon").AttrType(OPTIONAL).Float(1e-5f);
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(LayerNormLastDim);
}  // namespace ops
