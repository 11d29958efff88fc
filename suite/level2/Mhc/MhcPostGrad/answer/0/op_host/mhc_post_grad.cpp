#include <algorithm>

#include "mhc_post_grad_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr int64_t STREAMS = 4;
constexpr uint32_t CHUNKS[] = {2048, 1024, 512, 256, 128};  // tile lengths tried, largest first
constexpr uint64_t UB_RESERVED_BYTES = 1024;

constexpr uint64_t INPUT_SEGMENTS = 2 * STREAMS + 1;  // dy's and x's streams, then h_out

// UB of one tile of `chunk` elements: double-buffered input (INPUT_SEGMENTS of 2 bytes each) and
// output (one stream), float32 copies of the inputs, an accumulator, a product and ReduceSum's work
// buffer, and the token's 20 weight gradients.
static uint64_t TileBytes(uint64_t chunk)
{
    return 2 * INPUT_SEGMENTS * chunk * 2 + 2 * chunk * 2 + (INPUT_SEGMENTS + 3) * chunk * sizeof(float) +
           2 * 32 * sizeof(float);
}

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    const size_t dims = shape.GetDimNum();
    if (dims < 2 || shape.GetDim(dims - 2) != STREAMS) {
        return ge::GRAPH_FAILED;  // dy and x are [..., 4, D]
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

    MhcPostGradTilingData tiling;
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
// Each gradient is shaped and typed as the input it is the gradient of: x, h_res, h_out, h_post.
constexpr size_t GRADIENT_OF[] = {1, 2, 3, 4};

static graphStatus InferShape(gert::InferShapeContext* context)
{
    for (size_t output = 0; output < 4; ++output) {
        *context->GetOutputShape(output) = *context->GetInputShape(GRADIENT_OF[output]);
    }
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    for (size_t output = 0; output < 4; ++output) {
        context->SetOutputDataType(output, context->GetInputDataType(GRADIENT_OF[output]));
    }
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class MhcPostGrad : public OpDef {
public:
    explicit MhcPostGrad(const char* name) : OpDef(name)
    {
        this->Input("dy")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
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
        this->Output("grad_x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("grad_h_res")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("grad_h_out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("grad_h_post")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(MhcPostGrad);
}  // namespace ops
