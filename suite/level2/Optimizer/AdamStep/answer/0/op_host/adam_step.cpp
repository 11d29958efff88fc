// AdamStep host side: the bias corrections depend on the step only, so they are computed here in
// double precision (as torch computes them in Python floats) and handed to the kernel as float
// scalars. The elements are split over the vector cores in 64-element multiples; the UB tile is
// sized from the buffers the kernel allocates for the dtype.
#include <algorithm>
#include <cmath>

#include "adam_step_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t ALIGN_ELEMENTS = 64;       // whole float repeats per core chunk and per tile
constexpr uint64_t MIN_CORE_ELEMENTS = 2048;  // below this, another core costs more than it saves
constexpr uint64_t UB_RESERVED_BYTES = 1024;

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (total == 0 || total > UINT32_MAX) {
        return ge::GRAPH_FAILED;
    }
    for (size_t input = 1; input < 4; ++input) {
        if (context->GetInputShape(input)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(total)) {
            return ge::GRAPH_FAILED;  // grad, m and v must match param element for element
        }
    }
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    const float* lr = attrs->GetFloat(0);
    const float* beta1 = attrs->GetFloat(1);
    const float* beta2 = attrs->GetFloat(2);
    const float* eps = attrs->GetFloat(3);
    const int64_t* step = attrs->GetInt(4);
    if (lr == nullptr || beta1 == nullptr || beta2 == nullptr || eps == nullptr || step == nullptr || *step < 1 ||
        *beta1 < 0.0f || *beta1 >= 1.0f || *beta2 <= 0.0f || *beta2 >= 1.0f) {
        return ge::GRAPH_FAILED;
    }
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint64_t typeSize = isFloat ? 4 : 2;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    // Per element: double-buffered param, grad, param_out (param's dtype) and m, v, m_out, v_out
    // (float); one float work tile, and for float16 the float param and grad.
    const uint64_t bytesPerElement =
        BUFFER_NUM * (3 * typeSize + 4 * sizeof(float)) + sizeof(float) + (isFloat ? 0 : 2 * sizeof(float));
    const uint64_t ubTile = (ubSize - UB_RESERVED_BYTES) / bytesPerElement / ALIGN_ELEMENTS * ALIGN_ELEMENTS;
    uint64_t coreNum = std::max<uint64_t>(
        1, std::min<uint64_t>(platform.GetCoreNumAiv(), CeilDiv(total, MIN_CORE_ELEMENTS)));
    const uint64_t coreLength = CeilDiv(CeilDiv(total, coreNum), ALIGN_ELEMENTS) * ALIGN_ELEMENTS;
    coreNum = CeilDiv(total, coreLength);

    const double b1 = static_cast<double>(*beta1);
    const double b2 = static_cast<double>(*beta2);
    const double biasCorrection1 = 1.0 - std::pow(b1, static_cast<double>(*step));
    const double biasCorrection2 = 1.0 - std::pow(b2, static_cast<double>(*step));

    AdamStepTilingData tiling;
    tiling.set_coreLength(static_cast<uint32_t>(coreLength));
    tiling.set_lastCoreLength(static_cast<uint32_t>(total - (coreNum - 1) * coreLength));
    tiling.set_tileLength(static_cast<uint32_t>(std::min(ubTile, coreLength)));
    tiling.set_beta1(*beta1);
    tiling.set_oneMinusBeta1(static_cast<float>(1.0 - b1));
    tiling.set_beta2(*beta2);
    tiling.set_oneMinusBeta2(static_cast<float>(1.0 - b2));
    tiling.set_eps(*eps);
    tiling.set_invBiasCorrection2Sqrt(static_cast<float>(1.0 / std::sqrt(biasCorrection2)));
    tiling.set_negStepSize(static_cast<float>(-static_cast<double>(*lr) / biasCorrection1));
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
    for (size_t output = 0; output < 3; ++output) {
        *context->GetOutputShape(output) = *context->GetInputShape(0);
    }
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    context->SetOutputDataType(1, ge::DT_FLOAT);
    context->SetOutputDataType(2, ge::DT_FLOAT);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class AdamStep : public OpDef {
public:
    explicit AdamStep(const char* name) : OpDef(name)
    {
        this->Input("param")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("grad")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("m")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("v")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("param_out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("m_out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("v_out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("lr").AttrType(REQUIRED).Float(0.001f);
        this->Attr("beta1").AttrType(REQUIRED).Float(0.9f);
        this->Attr("beta2").AttrType(REQUIRED).Float(0.999f);
        this->Attr("eps").AttrType(REQUIRED).Float(1e-8f);
        this->Attr("step").AttrType(REQUIRED).Int(1);
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(AdamStep);
}  // namespace ops
