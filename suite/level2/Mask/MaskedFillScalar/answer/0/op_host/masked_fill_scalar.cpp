// MaskedFillScalar host side: splits the elements over the vector cores and sizes the UB tiles.
#include <algorithm>
#include <cstdint>

#include "masked_fill_scalar_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint64_t ALIGN_ELEMS = 256;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_TILE_ELEMS = 4096;   // several tiles per core on large inputs, so the queues overlap
constexpr uint64_t MIN_CORE_ELEMS = 1024;
constexpr uint64_t UB_RESERVE_BYTES = 1024;

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const uint64_t typeSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 4 : 2;
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (total == 0 || total > UINT32_MAX ||
        static_cast<uint64_t>(context->GetInputShape(1)->GetStorageShape().GetShapeSize()) != total ||
        context->GetInputShape(2)->GetStorageShape().GetShapeSize() < 1) {
        return ge::GRAPH_FAILED;  // mask must match x element for element; value needs an element
    }
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    // Per element: double-buffered x, mask (1 byte) and y tiles, the mask as half, its compare bit.
    const uint64_t bytesPerElem = BUFFER_NUM * (typeSize + 1 + typeSize) + 2 + 1;
    const uint64_t ubTile = (ubSize - UB_RESERVE_BYTES) / bytesPerElem / ALIGN_ELEMS * ALIGN_ELEMS;

    const uint64_t wanted = std::max<uint64_t>(1, std::min<uint64_t>(platform.GetCoreNumAiv(), CeilDiv(total, MIN_CORE_ELEMS)));
    const uint64_t coreLength = CeilDiv(CeilDiv(total, wanted), ALIGN_ELEMS) * ALIGN_ELEMS;
    const uint64_t coreNum = CeilDiv(total, coreLength);

    MaskedFillScalarTilingData tiling;
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
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
} // namespace ge

namespace ops {
class MaskedFillScalar : public OpDef {
public:
    explicit MaskedFillScalar(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("mask")
            .ParamType(REQUIRED)
            .DataType({ge::DT_BOOL, ge::DT_BOOL})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("value")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(MaskedFillScalar);
} // namespace ops
