#include <algorithm>
#include <cstring>

#include "mse_loss_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t BUFFER_NUM = 2;
constexpr uint32_t ALIGN_ELEMENTS = 64;        // whole float repeats per core chunk and per tile
constexpr uint32_t MIN_CORE_ELEMENTS = 2048;   // below this, another core costs more than it saves
constexpr uint32_t PARTIAL_BYTES = 32;         // one 32-byte slot per core in the workspace
constexpr uint32_t UB_RESERVED_BYTES = 8 * 1024;  // partials of all cores, stats and work buffers

static uint32_t CeilDiv(uint64_t a, uint64_t b) { return static_cast<uint32_t>((a + b - 1) / b); }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (total == 0 || total > UINT32_MAX ||
        context->GetInputShape(1)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(total)) {
        return ge::GRAPH_FAILED;
    }
    const char* reduction = context->GetAttrs()->GetStr(0);
    if (reduction == nullptr || std::strcmp(reduction, "mean") != 0) {
        return ge::GRAPH_FAILED;  // this task implements reduction='mean' only
    }
    const uint32_t typeSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 4 : 2;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    // Per element: two double-buffered inputs and two float copies; ReduceSum's work buffer needs
    // one float per 64 elements, covered by rounding the tile down.
    const uint32_t bytesPerElement = BUFFER_NUM * 2 * typeSize + 2 * sizeof(float);
    const uint32_t tileLength =
        (ubSize - UB_RESERVED_BYTES) / (bytesPerElement + 1) / ALIGN_ELEMENTS * ALIGN_ELEMENTS;

    uint32_t coreNum = std::max<uint32_t>(1, std::min<uint32_t>(platform.GetCoreNumAiv(), CeilDiv(total, MIN_CORE_ELEMENTS)));
    const uint32_t coreLength = CeilDiv(CeilDiv(total, coreNum), ALIGN_ELEMENTS) * ALIGN_ELEMENTS;
    coreNum = CeilDiv(total, coreLength);

    MseLossTilingData tiling;
    tiling.set_coreLength(coreLength);
    tiling.set_lastCoreLength(static_cast<uint32_t>(total - uint64_t(coreNum - 1) * coreLength));
    tiling.set_tileLength(tileLength);
    tiling.set_invTotal(static_cast<float>(1.0 / static_cast<double>(total)));
    context->SetBlockDim(coreNum);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    // SyncAll's system workspace, then one partial-sum slot per core.
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = platform.GetLibApiWorkSpaceSize() + static_cast<size_t>(coreNum) * PARTIAL_BYTES;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    context->GetOutputShape(0)->SetDimNum(0);  // a 0-d scalar
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class MseLoss : public OpDef {
public:
    explicit MseLoss(const char* name) : OpDef(name)
    {
        this->Input("predict")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("label")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("reduction").AttrType(OPTIONAL).String("mean");
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(MseLoss);
}  // namespace ops
