#include <algorithm>

#include "reduce_sum_last_dim_tiling.h"
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
    if (shape.GetDimNum() < 2) {
        return ge::GRAPH_FAILED;  // the output drops the last dimension and keeps at least one
    }
    const uint64_t rowLength = shape.GetDim(shape.GetDimNum() - 1);
    const uint64_t rows = rowLength == 0 ? 0 : shape.GetShapeSize() / rowLength;
    if (rows == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint32_t typeSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 4 : 2;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    const uint32_t rowStride = (rowLength + ROW_ALIGN - 1) / ROW_ALIGN * ROW_ALIGN;
    const uint32_t repeats = (rowLength + FLOAT_REPEAT - 1) / FLOAT_REPEAT;
    const uint32_t workLength = (2 * repeats + FLOAT_BLOCK - 1) / FLOAT_BLOCK * FLOAT_BLOCK;
    // Fixed UB: float row, work buffer, one stats block, and the alignment slack of the float sums
    // and of the double-buffered y tiles.
    const uint64_t fixedBytes = rowStride * sizeof(float) + workLength * sizeof(float) + FLOAT_BLOCK * sizeof(float) +
                                ROW_ALIGN * sizeof(float) + BUFFER_NUM * ROW_ALIGN * typeSize + UB_RESERVED_BYTES;
    // Double-buffered x rows and y elements, and one float sum.
    const uint64_t bytesPerRow = BUFFER_NUM * (rowStride + 1ULL) * typeSize + sizeof(float);
    if (fixedBytes + bytesPerRow > ubSize) {
        return ge::GRAPH_FAILED;  // one row must fit in UB
    }
    const uint32_t coreNum = static_cast<uint32_t>(std::min<uint64_t>(platform.GetCoreNumAiv(), rows));
    const uint32_t rowsPerCore = rows / coreNum;
    const uint32_t tailCores = rows % coreNum;
    const uint32_t tileRows = static_cast<uint32_t>(std::min<uint64_t>(
        {(ubSize - fixedBytes) / bytesPerRow, rowsPerCore + (tailCores > 0 ? 1ULL : 0ULL), MAX_TILE_ROWS}));

    ReduceSumLastDimTilingData tiling;
    tiling.set_rowLength(rowLength);
    tiling.set_rowStride(rowStride);
    tiling.set_rowsPerCore(rowsPerCore);
    tiling.set_tailCores(tailCores);
    tiling.set_tileRows(tileRows);
    tiling.set_sumStride((tileRows + ROW_ALIGN - 1) / ROW_ALIGN * ROW_ALIGN);
    tiling.set_workLength(workLength);
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
    const gert::Shape* x = context->GetInputShape(0);
    gert::Shape* y = context->GetOutputShape(0);
    if (x->GetDimNum() < 2) {
        return GRAPH_FAILED;
    }
    y->SetDimNum(x->GetDimNum() - 1);
    for (size_t i = 0; i + 1 < x->GetDimNum(); ++i) {
        y->SetDim(i, x->GetDim(i));
    }
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class ReduceSumLastDim : public OpDef {
public:
    explicit ReduceSumLastDim(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(ReduceSumLastDim);
}  // namespace ops
