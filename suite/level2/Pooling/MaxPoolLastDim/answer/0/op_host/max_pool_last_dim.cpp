// MaxPoolLastDim host side. With stride = k, no padding and L % k == 0 the windows tile the
// flattened input, so the windows are one flat list, split over the vector cores whatever the row
// length; tiles hold a multiple of 16 windows so that every window-major row of the kernel's
// transposed tile starts on a 32-byte boundary.
#include <algorithm>

#include "max_pool_last_dim_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t WINDOW_ALIGN = 16;        // 32 bytes of the narrowest dtype
constexpr uint64_t MIN_CORE_WINDOWS = 512;   // below this, another core costs more than it saves
constexpr uint64_t UB_RESERVED_BYTES = 1024;

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

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
        return ge::GRAPH_FAILED;  // partial windows are not part of this op
    }
    const uint64_t windows = total / kernelSize;
    const uint64_t typeSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT16 ? 2 : 4;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    // Per window: k double-buffered input elements, k transposed elements and their k uint32_t
    // gather offsets, one double-buffered output element.
    const uint64_t bytesPerWindow =
        BUFFER_NUM * kernelSize * typeSize + kernelSize * (typeSize + sizeof(uint32_t)) + BUFFER_NUM * typeSize;
    const uint64_t ubWindows = (ubSize - UB_RESERVED_BYTES) / bytesPerWindow / WINDOW_ALIGN * WINDOW_ALIGN;
    if (ubWindows == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t coreNum = std::max<uint64_t>(
        1, std::min<uint64_t>(platform.GetCoreNumAiv(), CeilDiv(windows, MIN_CORE_WINDOWS)));
    const uint64_t windowsPerCore = windows / coreNum;
    const uint64_t tailCores = windows % coreNum;
    const uint64_t coreWindows = windowsPerCore + (tailCores > 0 ? 1 : 0);

    MaxPoolLastDimTilingData tiling;
    tiling.set_kernelSize(static_cast<uint32_t>(kernelSize));
    tiling.set_windowsPerCore(static_cast<uint32_t>(windowsPerCore));
    tiling.set_tailCores(static_cast<uint32_t>(tailCores));
    tiling.set_tileWindows(
        static_cast<uint32_t>(std::min(ubWindows, CeilDiv(coreWindows, WINDOW_ALIGN) * WINDOW_ALIGN)));
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
class MaxPoolLastDim : public OpDef {
public:
    explicit MaxPoolLastDim(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("kernel_size").AttrType(REQUIRED).Int(2);
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(MaxPoolLastDim);
}  // namespace ops
