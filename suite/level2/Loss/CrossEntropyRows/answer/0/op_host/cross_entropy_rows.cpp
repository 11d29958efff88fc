// CrossEntropyRows host side: rows are split over the vector cores and cut into UB tiles of whole
// rows; the reduction string becomes a number. "mean" and "sum" reserve SyncAll's system workspace
// and one 32-byte partial-sum slot per core.
#include <algorithm>
#include <cstring>

#include "cross_entropy_rows_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_ROW_STRIDE = 2040;   // 255 blocks of 8 floats: the largest level-0 repeat stride
constexpr uint64_t ROW_BATCH = 248;         // rows per level-0 instruction (<= 255 repeats)
constexpr uint64_t MAX_TILE_ROWS = 4088;    // DataCopyPad's blockCount limit
constexpr uint64_t FLOAT_REPEAT = 64;
constexpr uint64_t FLOAT_BLOCK = 8;
constexpr uint64_t PARTIAL_BYTES = 32;
constexpr uint64_t UB_RESERVED_BYTES = 8 * 1024;  // batch scratch, partials of all cores, small buffers

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
static uint64_t Align(uint64_t value, uint64_t to) { return CeilDiv(value, to) * to; }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    if (shape.GetDimNum() != 2 || context->GetInputShape(1)->GetStorageShape().GetShapeSize() != shape.GetDim(0)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rows = shape.GetDim(0);
    const uint64_t classes = shape.GetDim(1);
    const char* reductionAttr = context->GetAttrs()->GetStr(0);
    const char* reduction = reductionAttr == nullptr ? "mean" : reductionAttr;
    uint32_t mode = 0;
    if (std::strcmp(reduction, "none") == 0) {
        mode = 0;
    } else if (std::strcmp(reduction, "sum") == 0) {
        mode = 1;
    } else if (std::strcmp(reduction, "mean") == 0) {
        mode = 2;
    } else {
        return ge::GRAPH_FAILED;
    }
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint64_t typeSize = isFloat ? 4 : 2;
    const uint64_t rowStride = Align(classes, 32 / typeSize);
    if (rows == 0 || classes == 0 || rowStride > MAX_ROW_STRIDE) {
        return ge::GRAPH_FAILED;
    }
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreNum = std::min<uint64_t>(platform.GetCoreNumAiv(), rows);
    const uint64_t rowsPerCore = rows / coreNum;
    const uint64_t tailCores = rows % coreNum;

    // Batch scratch: 64 floats and one broadcast block per row of a batch.
    const uint64_t batchBytes = ROW_BATCH * (FLOAT_REPEAT + FLOAT_BLOCK) * sizeof(float);
    // Per row: double-buffered logits and targets, the float logits of a half tile, six 4-byte
    // per-row values and a double-buffered output.
    const uint64_t bytesPerRow = BUFFER_NUM * rowStride * typeSize + (isFloat ? 0 : rowStride * sizeof(float)) +
                                 BUFFER_NUM * sizeof(int64_t) + 6 * sizeof(float) + BUFFER_NUM * typeSize;
    const uint64_t tileRows = std::min({rowsPerCore + (tailCores > 0 ? 1 : 0),
                                        (ubSize - UB_RESERVED_BYTES - batchBytes) / bytesPerRow, MAX_TILE_ROWS});
    if (tileRows == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t sumLength = std::max(tileRows, coreNum * FLOAT_BLOCK);

    CrossEntropyRowsTilingData tiling;
    tiling.set_classes(static_cast<uint32_t>(classes));
    tiling.set_rowStride(static_cast<uint32_t>(rowStride));
    tiling.set_rowsPerCore(static_cast<uint32_t>(rowsPerCore));
    tiling.set_tailCores(static_cast<uint32_t>(tailCores));
    tiling.set_tileRows(static_cast<uint32_t>(tileRows));
    tiling.set_reduction(mode);
    tiling.set_workLength(static_cast<uint32_t>(Align(2 * CeilDiv(sumLength, FLOAT_REPEAT), FLOAT_BLOCK) + FLOAT_BLOCK));
    tiling.set_invRows(static_cast<float>(1.0 / static_cast<double>(rows)));
    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = mode == 0 ? 0 : platform.GetLibApiWorkSpaceSize() + static_cast<size_t>(coreNum) * PARTIAL_BYTES;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* input = context->GetInputShape(0);
    const char* reduction = context->GetAttrs()->GetStr(0);
    gert::Shape* loss = context->GetOutputShape(0);
    if (reduction != nullptr && std::strcmp(reduction, "none") == 0) {
        loss->SetDimNum(1);
        loss->SetDim(0, input->GetDim(0));
    } else {
        loss->SetDimNum(0);
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
class CrossEntropyRows : public OpDef {
public:
    explicit CrossEntropyRows(const char* name) : OpDef(name)
    {
        this->Input("input")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("target")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT64, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("loss")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("reduction").AttrType(OPTIONAL).String("mean");
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(CrossEntropyRows);
}  // namespace ops
