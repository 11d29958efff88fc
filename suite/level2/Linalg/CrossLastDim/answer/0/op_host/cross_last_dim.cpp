// CrossLastDim host side: the 3-vectors are split over the vector cores (whole vectors per core),
// and the UB tile is sized from the buffers the kernel allocates for the dtype.
#include <algorithm>

#include "cross_last_dim_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t TILE_ALIGN = 24;         // whole vectors (3) in whole 32-byte blocks of float (8)
constexpr uint64_t MIN_CORE_VECTORS = 256;  // below this, another core costs more than it saves
constexpr uint64_t UB_RESERVED_BYTES = 1024;

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    const uint64_t total = shape.GetShapeSize();
    if (shape.GetDimNum() == 0 || shape.GetDim(shape.GetDimNum() - 1) != 3 || total == 0 || total > UINT32_MAX ||
        context->GetInputShape(1)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(total)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t vectors = total / 3;
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint64_t typeSize = isFloat ? 4 : 2;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    // Per element: double-buffered a, b and y; two uint32_t gather tables; three float products;
    // half inputs also need a float copy of a and b.
    const uint64_t bytesPerElement = BUFFER_NUM * 3 * typeSize + 2 * sizeof(uint32_t) + 3 * sizeof(float) +
                                     (isFloat ? 0 : 2 * sizeof(float));
    const uint64_t ubTile = (ubSize - UB_RESERVED_BYTES) / bytesPerElement / TILE_ALIGN * TILE_ALIGN;
    const uint64_t coreNum =
        std::max<uint64_t>(1, std::min<uint64_t>(platform.GetCoreNumAiv(), CeilDiv(vectors, MIN_CORE_VECTORS)));
    const uint64_t vectorsPerCore = vectors / coreNum;
    const uint64_t tailCores = vectors % coreNum;
    const uint64_t coreElements = 3 * (vectorsPerCore + (tailCores > 0 ? 1 : 0));

    CrossLastDimTilingData tiling;
    tiling.set_vectorsPerCore(static_cast<uint32_t>(vectorsPerCore));
    tiling.set_tailCores(static_cast<uint32_t>(tailCores));
    tiling.set_tileLength(static_cast<uint32_t>(std::min(ubTile, CeilDiv(coreElements, TILE_ALIGN) * TILE_ALIGN)));
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
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class CrossLastDim : public OpDef {
public:
    explicit CrossLastDim(const char* name) : OpDef(name)
    {
        this->Input("a")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("b")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(CrossLastDim);
}  // namespace ops
