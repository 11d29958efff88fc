// AvgPoolLastDim host side. With stride = kernel size, no padding and L % k == 0, the windows tile
// the flattened input exactly, so the op is "mean of every run of k consecutive elements": the
// windows are split over the vector cores as one flat list, whatever the row length.
#include <algorithm>

#include "avg_pool_last_dim_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t BUFFER_NUM = 2;
constexpr uint32_t MIN_CORE_WINDOWS = 512;  // below this, another core costs more than it saves
constexpr uint32_t UB_RESERVED_BYTES = 1024;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    const int64_t* kernelAttr = context->GetAttrs()->GetInt(0);
    if (shape.GetDimNum() == 0 || kernelAttr == nullptr || *kernelAttr < 1) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t kernelSize = static_cast<uint64_t>(*kernelAttr);
    const uint64_t rowLength = shape.GetDim(shape.GetDimNum() - 1);
    const uint64_t total = shape.GetShapeSize();
    if (rowLength == 0 || rowLength % kernelSize != 0 || total > UINT32_MAX) {
        return ge::GRAPH_FAILED;  // partial windows (ceil mode, padding) are not part of this op
    }
    const uint64_t windows = total / kernelSize;
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint64_t typeSize = isFloat ? 4 : 2;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    // Per window: k double-buffered input elements, one double-buffered output element, and in
    // float a gather offset, the running sum and one gathered column; fp16/bf16 also need the k
    // inputs widened to float.
    const uint64_t bytesPerWindow = BUFFER_NUM * (kernelSize + 1) * typeSize + 3 * sizeof(float) +
                                    (isFloat ? 0 : kernelSize * sizeof(float));
    if (bytesPerWindow + UB_RESERVED_BYTES > ubSize) {
        return ge::GRAPH_FAILED;  // one window must fit in UB
    }
    const uint32_t coreNum = static_cast<uint32_t>(std::max<uint64_t>(
        1, std::min<uint64_t>(platform.GetCoreNumAiv(), (windows + MIN_CORE_WINDOWS - 1) / MIN_CORE_WINDOWS)));
    const uint32_t windowsPerCore = static_cast<uint32_t>(windows / coreNum);
    const uint32_t tailCores = static_cast<uint32_t>(windows % coreNum);
    const uint32_t tileWindows = static_cast<uint32_t>(std::min<uint64_t>(
        (ubSize - UB_RESERVED_BYTES) / bytesPerWindow, windowsPerCore + (tailCores > 0 ? 1 : 0)));

    AvgPoolLastDimTilingData tiling;
    tiling.set_kernelSize(static_cast<uint32_t>(kernelSize));
    tiling.set_windowsPerCore(windowsPerCore);
    tiling.set_tailCores(tailCores);
    tiling.set_tileWindows(tileWindows);
    tiling.set_invKernelSize(static_cast<float>(1.0 / static_cast<double>(kernelSize)));
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
    const int64_t* kernelSize = context->GetAttrs()->GetInt(0);
    if (x->GetDimNum() == 0 || kernelSize == nullptr || *kernelSize < 1) {
        return GRAPH_FAILED;
    }
    gert::Shape* y = context->GetOutputShape(0);
    *y = *x;
    y->SetDim(x->GetDimNum() - 1, x->GetDim(x->GetDimNum() - 1) / *kernelSize);
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class AvgPoolLastDim : public OpDef {
public:
    explicit AvgPoolLastDim(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("kernel_size").AttrType(REQUIRED).Int(2);
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(AvgPoolLastDim);
}  // namespace ops
