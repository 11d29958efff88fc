// Maximum host side: splits the elements over the vector cores and sizes the UB tiles.
#include <algorithm>
#include <cstdint>

#include "maximum_tiling.h"
#include "graph/utils/type_utils.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
// Split unit in elements: keeps every core's share 32-byte aligned in GM for all dtypes.
constexpr uint64_t UNIT_ELEMS = 256;
constexpr uint64_t BUFFER_NUM = 2;

// UB bytes one element needs across all buffers the kernel allocates for this dtype.
static uint64_t UbBytesPerElement(ge::DataType dataType, uint64_t typeSize)
{
    // double-buffered tiles of the 2 input(s) and the output, plus one float tile per input
    // for float16/bfloat16, which are computed in float
    return BUFFER_NUM * 3 * typeSize + (dataType == ge::DT_FLOAT ? 0 : 2 * sizeof(float));
}

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const ge::DataType dataType = context->GetInputDesc(0)->GetDataType();
    uint32_t typeSize = 0;
    const uint64_t totalLength = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (!ge::TypeUtils::GetDataTypeLength(dataType, typeSize) || totalLength == 0 || totalLength > UINT32_MAX) {
        return ge::GRAPH_FAILED;
    }
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t units = (totalLength + UNIT_ELEMS - 1) / UNIT_ELEMS;
    const uint64_t coreNum = std::min<uint64_t>(platform.GetCoreNumAiv(), units);
    const uint64_t unitsPerCore = units / coreNum;
    const uint64_t bigCoreNum = units % coreNum;
    const uint64_t ubTile = ubSize / UbBytesPerElement(dataType, typeSize) / UNIT_ELEMS * UNIT_ELEMS;
    const uint64_t largestShare = (unitsPerCore + (bigCoreNum > 0 ? 1 : 0)) * UNIT_ELEMS;

    MaximumTilingData tiling;
    tiling.set_totalLength(static_cast<uint32_t>(totalLength));
    tiling.set_tileLength(static_cast<uint32_t>(std::min(ubTile, largestShare)));
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
class Maximum : public OpDef {
public:
    explicit Maximum(const char* name) : OpDef(name)
    {
        this->Input("x1")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("x2")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(Maximum);
} // namespace ops
