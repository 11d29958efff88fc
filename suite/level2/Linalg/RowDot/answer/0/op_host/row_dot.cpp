// RowDot host side. Rows are split over the vector cores. Short rows (W <= 2040 floats, so that a
// row stride fits a level-0 repeat stride) are handled many to a tile; long rows are cut into
// pieces of chunkLength elements whose partial sums are added up per row.
#include <algorithm>

#include "register/op_def_registry.h"
#include "row_dot_tiling.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_SHORT_STRIDE = 2040;  // 255 blocks of 8 floats: the largest level-0 repeat stride
constexpr uint64_t FLOAT_REPEAT = 64;
constexpr uint64_t FLOAT_BLOCK = 8;
constexpr uint64_t ROW_BATCH = 248;          // rows per WholeReduceSum (<= 255 repeats, 32-byte aligned)
constexpr uint64_t MAX_TILE_ROWS = 4088;     // DataCopyPad's blockCount limit, in whole batches of 8
constexpr uint64_t UB_RESERVED_BYTES = 2048;

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
static uint64_t Align(uint64_t value, uint64_t to) { return CeilDiv(value, to) * to; }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    if (shape.GetDimNum() < 2) {
        return ge::GRAPH_FAILED;  // the output drops the last dimension and keeps at least one
    }
    const uint64_t rowLength = shape.GetDim(shape.GetDimNum() - 1);
    const uint64_t total = shape.GetShapeSize();
    if (rowLength == 0 || total == 0 || total > UINT32_MAX ||
        context->GetInputShape(1)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(total)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rows = total / rowLength;
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint64_t typeSize = isFloat ? 4 : 2;
    const uint64_t rowStride = Align(rowLength, 32 / typeSize);
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreNum = std::min<uint64_t>(platform.GetCoreNumAiv(), rows);
    const uint64_t rowsPerCore = rows / coreNum;
    const uint64_t tailCores = rows % coreNum;
    const uint64_t coreRows = rowsPerCore + (tailCores > 0 ? 1 : 0);
    // Per element of a tile: double-buffered a and b, the float products, and for half inputs a
    // float copy of b.
    const uint64_t bytesPerElement = 2 * BUFFER_NUM * typeSize + sizeof(float) + (isFloat ? 0 : sizeof(float));

    RowDotTilingData tiling;
    tiling.set_rowLength(static_cast<uint32_t>(rowLength));
    tiling.set_rowStride(static_cast<uint32_t>(rowStride));
    tiling.set_rowsPerCore(static_cast<uint32_t>(rowsPerCore));
    tiling.set_tailCores(static_cast<uint32_t>(tailCores));
    if (rowStride <= MAX_SHORT_STRIDE) {
        // Per row: its tile elements, one double-buffered output and one float sum.
        const uint64_t bytesPerRow = rowStride * bytesPerElement + BUFFER_NUM * typeSize + sizeof(float);
        const uint64_t tileRows = std::min({coreRows, (ubSize - UB_RESERVED_BYTES) / bytesPerRow, MAX_TILE_ROWS});
        tiling.set_tileRows(static_cast<uint32_t>(tileRows));
        tiling.set_chunkLength(0);
        tiling.set_workLength(0);
    } else {
        const uint64_t batch = std::min(coreRows, ROW_BATCH);
        // Per batch row: a 32-byte partial-sum slot, one float sum and one double-buffered output.
        const uint64_t batchBytes = batch * (FLOAT_BLOCK * sizeof(float) + sizeof(float) + BUFFER_NUM * typeSize);
        uint64_t chunkLength = std::min(Align(rowLength, FLOAT_REPEAT),
                                        (ubSize - UB_RESERVED_BYTES - batchBytes) / (bytesPerElement + 1) /
                                            FLOAT_REPEAT * FLOAT_REPEAT);
        // Balanced pieces: no tiny last piece.
        chunkLength = Align(CeilDiv(rowLength, CeilDiv(rowLength, chunkLength)), FLOAT_REPEAT);
        const uint64_t workLength = Align(2 * CeilDiv(chunkLength, FLOAT_REPEAT), FLOAT_BLOCK) + FLOAT_BLOCK;
        tiling.set_tileRows(static_cast<uint32_t>(batch));
        tiling.set_chunkLength(static_cast<uint32_t>(chunkLength));
        tiling.set_workLength(static_cast<uint32_t>(workLength));
    }
    context->SetBlockDim(static_cast<uint32_t>(coreNum));
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
    const gert::Shape* a = context->GetInputShape(0);
    gert::Shape* y = context->GetOutputShape(0);
    if (a->GetDimNum() < 2) {
        return GRAPH_FAILED;
    }
    y->SetDimNum(a->GetDimNum() - 1);
    for (size_t i = 0; i + 1 < a->GetDimNum(); ++i) {
        y->SetDim(i, a->GetDim(i));
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
class RowDot : public OpDef {
public:
    explicit RowDot(const char* name) : OpDef(name)
    {
        this->Input("a")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("b")
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
OP_ADD(RowDot);
}  // namespace ops
