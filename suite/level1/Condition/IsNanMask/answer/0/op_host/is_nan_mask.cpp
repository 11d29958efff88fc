// IsNanMask host side: gives each vector core a contiguous run of the flattened tensor and sizes
// the UB tile from the buffers the kernel allocates for the dtype.
#include <algorithm>
#include <cstdint>

#include "is_nan_mask_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
// Every run and every tile is a whole number of 256-element groups: Compare works on 256-byte
// repeats (128 half or 64 float lanes) and needs its count to fill them, and 256 elements keep a
// run 32-byte aligned in GM for the 1-byte output too.
constexpr uint64_t ALIGN_ELEMS = 256;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_TILE_ELEMS = 4096;   // smaller tiles let copy-in, compute and copy-out overlap
constexpr uint64_t MIN_CORE_ELEMS = 1024;   // a core with less work costs more to start than it saves
constexpr uint64_t UB_RESERVE_BYTES = 1024;

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const ge::DataType dataType = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeSize = dataType == ge::DT_FLOAT ? 4 : 2;
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (total == 0 || total > UINT32_MAX) {
        return ge::GRAPH_FAILED;
    }
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    // Per element: the double-buffered input and 1-byte output tiles, the compare bits (1/8 byte,
    // counted as 1), the half 0/1 tile and the half tile of ones; bfloat16 adds its float copy.
    const uint64_t bytesPerElem = BUFFER_NUM * typeSize + BUFFER_NUM * 1 + 1 + 2 + 2 +
                                  (dataType == ge::DT_BF16 ? sizeof(float) : 0);
    const uint64_t ubTile = (ubSize - UB_RESERVE_BYTES) / bytesPerElem / ALIGN_ELEMS * ALIGN_ELEMS;

    const uint64_t wanted = std::max<uint64_t>(1, std::min<uint64_t>(platform.GetCoreNumAiv(), CeilDiv(total, MIN_CORE_ELEMS)));
    const uint64_t coreLength = CeilDiv(CeilDiv(total, wanted), ALIGN_ELEMS) * ALIGN_ELEMS;
    const uint64_t coreNum = CeilDiv(total, coreLength);

    IsNanMaskTilingData tiling;
    tiling.set_coreLength(static_cast<uint32_t>(coreLength));
    tiling.set_lastCoreLength(static_cast<uint32_t>(total - (coreNum - 1) * coreLength));
    tiling.set_tileLength(static_cast<uint32_t>(std::min({ubTile, MAX_TILE_ELEMS, coreLength})));
    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
} // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, ge::DT_BOOL);
    return GRAPH_SUCCESS;
}
} // namespace ge

namespace ops {
class IsNanMask : public OpDef {
public:
    explicit IsNanMask(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_BOOL, ge::DT_BOOL, ge::DT_BOOL})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(IsNanMask);
} // namespace ops
