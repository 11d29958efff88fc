// ArangeStep host side: the output length from the attributes (shape inference), and the split of
// the sequence over the vector cores (tiling).
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "arange_step_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace {
constexpr size_t ATTR_START = 0;
constexpr size_t ATTR_END = 1;
constexpr size_t ATTR_STEP = 2;

// ceil((end - start) / step) on the float attributes widened to double; -1 for an empty or
// unbounded sequence. The Python binding sizes its output the same way.
int64_t ArangeLength(float start, float end, float step)
{
    if (step == 0.0f) {
        return -1;
    }
    const double length = std::ceil((static_cast<double>(end) - static_cast<double>(start)) / static_cast<double>(step));
    return length >= 1.0 && length <= static_cast<double>(UINT32_MAX) ? static_cast<int64_t>(length) : -1;
}
} // namespace

namespace optiling {
constexpr uint64_t ALIGN_ELEMS = 64;         // one 256-byte repeat of 4-byte elements; 32-byte aligned runs
constexpr uint64_t MAX_TILE_ELEMS = 4096;    // 16 KiB per buffer: small enough for copy-out to overlap compute
constexpr uint64_t MIN_CORE_ELEMS = 2048;    // fewer elements do not pay for another core

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    const float start = *attrs->GetFloat(ATTR_START);
    const float end = *attrs->GetFloat(ATTR_END);
    const float step = *attrs->GetFloat(ATTR_STEP);
    const int64_t expected = ArangeLength(start, end, step);
    const int64_t total = context->GetOutputShape(0)->GetStorageShape().GetShapeSize();
    if (expected < 1 || total != expected) {
        return ge::GRAPH_FAILED;  // the output must be sized as shape inference sizes it
    }
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint64_t wanted =
        std::max<uint64_t>(1, std::min<uint64_t>(platform.GetCoreNumAiv(), CeilDiv(total, MIN_CORE_ELEMS)));
    const uint64_t coreLength = CeilDiv(CeilDiv(total, wanted), ALIGN_ELEMS) * ALIGN_ELEMS;
    const uint64_t coreNum = CeilDiv(total, coreLength);

    ArangeStepTilingData tiling;
    tiling.set_coreLength(static_cast<uint32_t>(coreLength));
    tiling.set_lastCoreLength(static_cast<uint32_t>(total - (coreNum - 1) * coreLength));
    tiling.set_tileLength(static_cast<uint32_t>(std::min(coreLength, MAX_TILE_ELEMS)));
    tiling.set_start(start);
    tiling.set_step(step);
    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
} // namespace optiling

namespace ge {
// y is 1-D with ArangeLength(start, end, step) elements. Its dtype is the one the caller gives the
// output tensor (the op has no input to take it from).
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    const int64_t length =
        ArangeLength(*attrs->GetFloat(ATTR_START), *attrs->GetFloat(ATTR_END), *attrs->GetFloat(ATTR_STEP));
    if (length < 1) {
        return GRAPH_FAILED;
    }
    gert::Shape* y = context->GetOutputShape(0);
    y->SetDimNum(0);
    y->AppendDim(length);
    return GRAPH_SUCCESS;
}
} // namespace ge

namespace ops {
class ArangeStep : public OpDef {
public:
    explicit ArangeStep(const char* name) : OpDef(name)
    {
        this->Attr("start").AttrType(REQUIRED).Float(0.0f);
        this->Attr("end").AttrType(REQUIRED).Float(1.0f);
        this->Attr("step").AttrType(REQUIRED).Float(1.0f);
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(ArangeStep);
} // namespace ops
