// SplitHalves host side. x is viewed as [outer, 2, K]; each output is an [outer, K] matrix whose
// row o is x[o, half, :]. The work is cut into items of tileRows runs x tileCols elements (each
// fits one UB tile), two sets of items (one per output), spread evenly over the vector cores: long
// runs (a split of the first dimension) are cut along K, short runs are grouped many to an item.
#include <algorithm>

#include "register/op_def_registry.h"
#include "split_halves_tiling.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t BUFFER_NUM = 2;
constexpr uint64_t MIN_ITEM_ELEMENTS = 1024;  // below this, another core costs more than it saves
constexpr uint64_t MAX_BLOCK_COUNT = 4095;    // DataCopyPad's blockCount limit
constexpr uint64_t UB_RESERVED_BYTES = 1024;

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
static uint64_t Align(uint64_t value, uint64_t to) { return CeilDiv(value, to) * to; }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    const int64_t* dimAttr = context->GetAttrs()->GetInt(0);
    const int64_t rank = static_cast<int64_t>(shape.GetDimNum());
    if (dimAttr == nullptr || rank == 0 || *dimAttr < -rank || *dimAttr >= rank) {
        return ge::GRAPH_FAILED;
    }
    const size_t axis = static_cast<size_t>(*dimAttr < 0 ? *dimAttr + rank : *dimAttr);
    const uint64_t extent = shape.GetDim(axis);
    if (extent == 0 || extent % 2 != 0 || static_cast<uint64_t>(shape.GetShapeSize()) > UINT32_MAX) {
        return ge::GRAPH_FAILED;
    }
    uint64_t outer = 1;
    for (size_t i = 0; i < axis; ++i) {
        outer *= shape.GetDim(i);
    }
    uint64_t runLength = extent / 2;
    for (size_t i = axis + 1; i < shape.GetDimNum(); ++i) {
        runLength *= shape.GetDim(i);
    }
    if (outer == 0 || runLength == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t typeSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ||
                                      context->GetInputDesc(0)->GetDataType() == ge::DT_INT32
                                  ? 4
                                  : 2;
    const uint64_t blockElements = 32 / typeSize;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreCount = platform.GetCoreNumAiv();
    // One double-buffered tile of data, nothing else.
    const uint64_t tileElements = (ubSize - UB_RESERVED_BYTES) / BUFFER_NUM / typeSize / blockElements * blockElements;

    const uint64_t perCore = std::max(MIN_ITEM_ELEMENTS, CeilDiv(2 * outer * runLength, coreCount));
    const uint64_t itemLimit = std::min(perCore, tileElements);
    uint64_t tileRows = 1;
    uint64_t tileCols = runLength;
    if (runLength > itemLimit) {
        // Cut each run into chunks that start on 32-byte boundaries of the run.
        tileCols = Align(CeilDiv(runLength, CeilDiv(runLength, Align(itemLimit, blockElements))), blockElements);
        tileCols = std::min(tileCols, tileElements);
    } else {
        tileRows = std::min({CeilDiv(itemLimit, runLength), tileElements / Align(runLength, blockElements),
                             MAX_BLOCK_COUNT, outer});
        tileRows = std::max<uint64_t>(tileRows, 1);
    }
    const uint64_t rowGroups = CeilDiv(outer, tileRows);
    const uint64_t colChunks = CeilDiv(runLength, tileCols);
    const uint64_t items = 2 * rowGroups * colChunks;
    const uint64_t coreNum = std::min(coreCount, items);

    SplitHalvesTilingData tiling;
    tiling.set_outer(static_cast<uint32_t>(outer));
    tiling.set_runLength(static_cast<uint32_t>(runLength));
    tiling.set_tileRows(static_cast<uint32_t>(tileRows));
    tiling.set_tileCols(static_cast<uint32_t>(tileCols));
    tiling.set_rowGroups(static_cast<uint32_t>(rowGroups));
    tiling.set_colChunks(static_cast<uint32_t>(colChunks));
    tiling.set_itemsPerCore(static_cast<uint32_t>(items / coreNum));
    tiling.set_tailItems(static_cast<uint32_t>(items % coreNum));
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
    const int64_t* dim = context->GetAttrs()->GetInt(0);
    const int64_t rank = static_cast<int64_t>(x->GetDimNum());
    if (dim == nullptr || rank == 0 || *dim < -rank || *dim >= rank) {
        return GRAPH_FAILED;
    }
    const size_t axis = static_cast<size_t>(*dim < 0 ? *dim + rank : *dim);
    for (size_t output = 0; output < 2; ++output) {
        gert::Shape* half = context->GetOutputShape(output);
        *half = *x;
        half->SetDim(axis, x->GetDim(axis) / 2);
    }
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    context->SetOutputDataType(1, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class SplitHalves : public OpDef {
public:
    explicit SplitHalves(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("a")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("b")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("dim").AttrType(REQUIRED).Int(0);
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(SplitHalves);
}  // namespace ops
