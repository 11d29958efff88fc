#include <algorithm>

#include "mhc_post_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr int64_t STREAMS = 4;
constexpr uint32_t CHUNKS[] = {2048, 1024, 512, 256, 128};  // tile lengths tried, largest first
constexpr uint64_t UB_RESERVED_BYTES = 1024;

// UB of one tile of `chunk` elements: double-buffered input (four streams and h_out, 2 bytes each)
// and output (one stream), and float32 copies of the five inputs plus one accumulator.
static uint64_t TileBytes(uint64_t chunk)
{
    return 2 * (STREAMS + 1) * chunk * 2 + 2 * chunk * 2 + (STREAMS + 2) * chunk * sizeof(float);
}

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    const size_t dims = shape.GetDimNum();
    if (dims < 2 || shape.GetDim(dims - 2) != STREAMS) {
        return ge::GRAPH_FAILED;  // x is [..., 4, D]
    }
    const int64_t hidden = shape.GetDim(dims - 1);
    if (hidden <= 0 || hidden % 128 != 0) {
        return ge::GRAPH_FAILED;
    }
    const int64_t tokens = shape.GetShapeSize() / (STREAMS * hidden);
    if (tokens <= 0) {
        return ge::GRAPH_FAILED;
    }
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    uint32_t chunk = 0;
    for (uint32_t candidate : CHUNKS) {
        if (hidden % candidate == 0 && TileBytes(candidate) + UB_RESERVED_BYTES <= ubSize) {
            chunk = candidate;
            break;
        }
    }
    if (chunk == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint32_t coreNum = static_cast<uint32_t>(std::min<int64_t>(platform.GetCoreNumAiv(), tokens));

    MhcPostTilingData tiling;
    tiling.set_hidden(static_cast<uint32_t>(hidden));
    tiling.set_chunk(chunk);
    tiling.set_tokensPerCore(static_cast<uint32_t>(tokens / coreNum));
    tiling.set_tailCores(static_cast<uint32_t>(tokens % coreNum));
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
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class MhcPost : public OpDef {
public:
    explicit MhcPost(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("h_res")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("h_out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("h_post")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(MhcPost);
}  // namespace ops
