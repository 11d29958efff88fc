// ForeachAxpyList host side: records each tensor's element count, splits the units of all tensors
// over the vector cores and sizes the UB tiles.
#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "foreach_axpy_list_tiling.h"
#include "graph/utils/type_utils.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
// Split unit in elements: a core's part of a tensor starts 32-byte aligned in GM for every dtype,
// so no two cores ever write into the same 32-byte block.
constexpr uint64_t UNIT_ELEMS = 256;
constexpr uint64_t BUFFER_NUM = 2;
constexpr size_t X_INDEX = 0;
constexpr size_t Y_INDEX = 1;

static ge::graphStatus Reject(gert::TilingContext* context, const char* reason)
{
    std::fprintf(stderr, "%s tiling: %s\n", context->GetNodeType(), reason);
    return ge::GRAPH_FAILED;
}

// UB bytes one element needs across all buffers the kernel allocates for this dtype.
static uint64_t UbBytesPerElement(ge::DataType dataType, uint64_t typeSize)
{
    // double-buffered tiles of x, y and out, plus one float tile each for x and y
    // for float16/bfloat16, which are computed in float
    return BUFFER_NUM * 3 * typeSize + (dataType == ge::DT_FLOAT ? 0 : 2 * sizeof(float));
}

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    // x and y are the only inputs and hold the same number of tensors.
    const size_t inputNum = context->GetComputeNodeInputNum();
    const size_t tensorNum = inputNum / 2;
    if (tensorNum == 0 || inputNum % 2 != 0) {
        return Reject(context, "x and y must be non-empty tensor lists of the same length");
    }
    if (tensorNum > FOREACH_MAX_TENSORS) {
        return Reject(context, "at most 64 tensors per list (the tiling data holds 64 element counts)");
    }

    ForeachAxpyListTilingData tiling;
    uint64_t units = 0;
    for (size_t i = 0; i < tensorNum; ++i) {
        const gert::StorageShape* xShape = context->GetDynamicInputShape(X_INDEX, i);
        const gert::StorageShape* yShape = context->GetDynamicInputShape(Y_INDEX, i);
        if (xShape == nullptr || yShape == nullptr) {
            return Reject(context, "x and y must be tensor lists of the same length");
        }
        const int64_t length = xShape->GetStorageShape().GetShapeSize();
        if (length != yShape->GetStorageShape().GetShapeSize()) {
            return Reject(context, "x[i] and y[i] must have the same number of elements");
        }
        // The kernel counts elements in uint32 and rounds a tensor's end up to a whole unit.
        if (length < 0 || length > INT32_MAX) {
            return Reject(context, "a tensor has more than 2^31 - 1 elements");
        }
        tiling.tensorLength[i] = static_cast<uint32_t>(length);
        units += (static_cast<uint64_t>(length) + UNIT_ELEMS - 1) / UNIT_ELEMS;
    }

    const ge::DataType dataType = context->GetDynamicInputDesc(X_INDEX, 0)->GetDataType();
    uint32_t typeSize = 0;
    if (!ge::TypeUtils::GetDataTypeLength(dataType, typeSize)) {
        return Reject(context, "unsupported dtype");
    }

    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    // Lists of empty tensors still launch one core, which finds no unit to process.
    const uint64_t coreNum = std::max<uint64_t>(1, std::min<uint64_t>(platform.GetCoreNumAiv(), units));
    const uint64_t unitsPerCore = units / coreNum;
    const uint64_t bigCoreNum = units % coreNum;
    const uint64_t ubTile = ubSize / UbBytesPerElement(dataType, typeSize) / UNIT_ELEMS * UNIT_ELEMS;
    const uint64_t largestShare = std::max<uint64_t>(1, unitsPerCore + (bigCoreNum > 0 ? 1 : 0)) * UNIT_ELEMS;

    tiling.set_tensorNum(static_cast<uint32_t>(tensorNum));
    tiling.set_tileLength(static_cast<uint32_t>(std::min(ubTile, largestShare)));
    tiling.set_unitsPerCore(static_cast<uint32_t>(unitsPerCore));
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    tiling.set_alpha(*context->GetAttrs()->GetFloat(0));
    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
} // namespace optiling

namespace ge {
// out[i] has the shape and dtype of x[i].
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
class ForeachAxpyList : public OpDef {
public:
    explicit ForeachAxpyList(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(DYNAMIC)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("y")
            .ParamType(DYNAMIC)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("alpha").AttrType(REQUIRED).Float(1.0f);
        this->Output("out")
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

OP_ADD(ForeachAxpyList);
} // namespace ops
