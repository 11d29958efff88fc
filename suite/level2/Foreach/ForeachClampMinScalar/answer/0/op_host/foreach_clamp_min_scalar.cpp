// ForeachClampMinScalar host side: records every tensor's length, deals the 256-element units of
// the whole list to the vector cores and sizes the UB tiles.
#include <algorithm>
#include <cstdint>

#include "foreach_clamp_min_scalar_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint64_t UNIT_ELEMS = 256;       // a core's part of a tensor starts 32-byte aligned for every dtype
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_TILE_ELEMS = 2048;    // 4-8 KiB copies; big tensors take several tiles per core
constexpr uint64_t MIN_CORE_UNITS = 4;     // fewer than 1024 elements do not pay for another core
constexpr uint64_t UB_RESERVE_BYTES = 1024;
constexpr size_t XS_INDEX = 0;

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    // The inputs are the tensors of xs, then scalar.
    const size_t inputNum = context->GetComputeNodeInputNum();
    if (inputNum < 2 || inputNum - 1 > CLAMP_LIST_MAX) {
        return ge::GRAPH_FAILED;
    }
    const size_t tensorNum = inputNum - 1;
    ForeachClampMinScalarTilingData tiling;
    uint64_t units = 0;
    for (size_t i = 0; i < tensorNum; ++i) {
        const gert::StorageShape* shape = context->GetDynamicInputShape(XS_INDEX, i);
        if (shape == nullptr) {
            return ge::GRAPH_FAILED;
        }
        const int64_t length = shape->GetStorageShape().GetShapeSize();
        if (length < 0 || length > INT32_MAX) {
            return ge::GRAPH_FAILED;
        }
        tiling.tensorLength[i] = static_cast<uint32_t>(length);
        units += CeilDiv(static_cast<uint64_t>(length), UNIT_ELEMS);
    }
    const ge::DataType dataType = context->GetDynamicInputDesc(XS_INDEX, 0)->GetDataType();
    const uint64_t typeSize = dataType == ge::DT_FLOAT ? 4 : 2;

    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    // Per element: double-buffered input and output tiles; bfloat16 adds a float working tile.
    const uint64_t bytesPerElem = BUFFER_NUM * 2 * typeSize + (dataType == ge::DT_BF16 ? sizeof(float) : 0);
    const uint64_t ubTile = (ubSize - UB_RESERVE_BYTES) / bytesPerElem / UNIT_ELEMS * UNIT_ELEMS;
    // A list of empty tensors still launches one core, which finds nothing to do.
    const uint64_t coreNum = std::max<uint64_t>(1, std::min<uint64_t>(platform.GetCoreNumAiv(), CeilDiv(units, MIN_CORE_UNITS)));
    const uint64_t unitsPerCore = units / coreNum;
    const uint64_t bigCoreNum = units % coreNum;
    const uint64_t mostElems = std::max<uint64_t>(1, unitsPerCore + (bigCoreNum > 0 ? 1 : 0)) * UNIT_ELEMS;

    tiling.set_tensorNum(static_cast<uint32_t>(tensorNum));
    tiling.set_tileLength(static_cast<uint32_t>(std::min({ubTile, MAX_TILE_ELEMS, mostElems})));
    tiling.set_unitsPerCore(static_cast<uint32_t>(unitsPerCore));
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
} // namespace optiling

namespace ge {
// ys[i] has the shape and dtype of xs[i].
static graphStatus InferShape(gert::InferShapeContext* context)
{
    for (size_t i = 0; i < context->GetComputeNodeOutputNum(); ++i) {
        *context->GetOutputShape(i) = *context->GetDynamicInputShape(0, i);
    }
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    for (size_t i = 0; i < context->GetComputeNodeOutputNum(); ++i) {
        context->SetOutputDataType(i, context->GetDynamicInputDataType(0, i));
    }
    return GRAPH_SUCCESS;
}
} // namespace ge

namespace ops {
class ForeachClampMinScalar : public OpDef {
public:
    explicit ForeachClampMinScalar(const char* name) : OpDef(name)
    {
        this->Input("xs")
            .ParamType(DYNAMIC)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("scalar")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("ys")
            .ParamType(DYNAMIC)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(ForeachClampMinScalar);
} // namespace ops
