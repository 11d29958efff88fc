// SgdMomentum host side: splits the elements over the vector cores in 64-element multiples and sizes
// the UB tiles from the buffers the kernel allocates for the dtype.
#include <algorithm>

#include "register/op_def_registry.h"
#include "sgd_momentum_tiling.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t BUFFER_NUM = 2;
constexpr uint32_t ALIGN_ELEMENTS = 64;       // whole float repeats per core chunk and per tile
constexpr uint32_t MIN_CORE_ELEMENTS = 2048;  // below this, another core costs more than it saves
constexpr uint32_t UB_RESERVED_BYTES = 1024;

static uint32_t CeilDiv(uint64_t a, uint64_t b) { return static_cast<uint32_t>((a + b - 1) / b); }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (total == 0 || total > UINT32_MAX) {
        return ge::GRAPH_FAILED;
    }
    for (size_t input = 1; input < 3; ++input) {
        if (context->GetInputShape(input)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(total)) {
            return ge::GRAPH_FAILED;  // grad and velocity must match param element for element
        }
    }
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint32_t typeSize = isFloat ? 4 : 2;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    // Per element: three double-buffered inputs and two double-buffered outputs; fp16/bf16 also
    // need a float copy of each input, since the step is computed in float.
    const uint32_t bytesPerElement = BUFFER_NUM * 5 * typeSize + (isFloat ? 0 : 3 * sizeof(float));
    const uint32_t ubTile = (ubSize - UB_RESERVED_BYTES) / bytesPerElement / ALIGN_ELEMENTS * ALIGN_ELEMENTS;

    uint32_t coreNum = std::max<uint32_t>(1, std::min<uint32_t>(platform.GetCoreNumAiv(), CeilDiv(total, MIN_CORE_ELEMENTS)));
    const uint32_t coreLength = CeilDiv(CeilDiv(total, coreNum), ALIGN_ELEMENTS) * ALIGN_ELEMENTS;
    coreNum = CeilDiv(total, coreLength);

    SgdMomentumTilingData tiling;
    tiling.set_coreLength(coreLength);
    tiling.set_lastCoreLength(static_cast<uint32_t>(total - uint64_t(coreNum - 1) * coreLength));
    tiling.set_tileLength(std::min(ubTile, coreLength));  // no larger than one core's share
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    tiling.set_lr(*attrs->GetFloat(0));
    tiling.set_momentum(*attrs->GetFloat(1));
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
    *context->GetOutputShape(1) = *context->GetInputShape(0);
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    context->SetOutputDataType(1, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class SgdMomentum : public OpDef {
public:
    explicit SgdMomentum(const char* name) : OpDef(name)
    {
        this->Input("param")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("grad")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("velocity")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("param_out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("velocity_out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("lr").AttrType(REQUIRED).Float(0.01f);
        this->Attr("momentum").AttrType(REQUIRED).Float(0.9f);
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(SgdMomentum);
}  // namespace ops
