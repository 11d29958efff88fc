// FillScalar host side: splits the elements over the vector cores and sizes the UB tiles.
#include <algorithm>
#include <cstdint>

#include "fill_scalar_tiling.h"
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
    (void)dataType;
    return typeSize;  // one fill tile, written out repeatedly
}

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const ge::DataType dataType = context->GetInputDesc(1)->GetDataType();
    uint32_t typeSize = 0;
    const uint64_t totalLength = context->GetOutputShape(0)->GetStorageShape().GetShapeSize();
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

    FillScalarTilingData tiling;
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
    const gert::Tensor* dims = context->GetInputTensor(0);
    if (dims == nullptr || dims->GetData<int64_t>() == nullptr) {
        return GRAPH_FAILED;
    }
    gert::Shape* y = context->GetOutputShape(0);
    y->SetDimNum(0);
    for (int64_t i = 0; i < dims->GetShapeSize(); ++i) {
        y->AppendDim(dims->GetData<int64_t>()[i]);
    }
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(1));
    return GRAPH_SUCCESS;
}
} // namespace ge

namespace ops {
class FillScalar : public OpDef {
public:
    explicit FillScalar(const char* name) : OpDef(name)
    {
        this->Input("dims")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT64, ge::DT_INT64, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .ValueDepend(REQUIRED);
        this->Input("value")
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

OP_ADD(FillScalar);
} // namespace ops
