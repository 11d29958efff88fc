// FlipLastDim host side. A work item is a block of tileRows rows x chunkLength elements: whole rows
// when a row is short (many rows per item), or one chunk of one row when it is long. Input chunk k
// starts at min(k * n, D - n), so every chunk has the full length n and the one reversal table of
// the kernel serves them all; the last chunk overlaps the one before it and rewrites a few outputs
// with the same values.
#include <algorithm>

#include "flip_last_dim_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MIN_ITEM_ELEMENTS = 1024;  // below this, another core costs more than it saves
constexpr uint64_t MAX_BLOCK_COUNT = 4095;    // DataCopyPad's blockCount limit
constexpr uint64_t UB_RESERVED_BYTES = 1024;

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
static uint64_t Align(uint64_t value, uint64_t to) { return CeilDiv(value, to) * to; }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    if (shape.GetDimNum() == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rowLength = shape.GetDim(shape.GetDimNum() - 1);
    const uint64_t total = shape.GetShapeSize();
    if (rowLength == 0 || total == 0 || total > UINT32_MAX) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rows = total / rowLength;
    const uint64_t typeSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT16 ? 2 : 4;
    const uint64_t blockElements = 32 / typeSize;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreCount = platform.GetCoreNumAiv();
    // Per tile element: double-buffered input and output, and one uint32_t gather offset.
    const uint64_t tileElements =
        (ubSize - UB_RESERVED_BYTES) / (2 * BUFFER_NUM * typeSize + sizeof(uint32_t)) / blockElements * blockElements;

    const uint64_t perCore = std::max(MIN_ITEM_ELEMENTS, CeilDiv(total, coreCount));
    const uint64_t itemLimit = std::min(perCore, tileElements);
    uint64_t chunkLength = rowLength;
    uint64_t tileRows = 1;
    if (rowLength > itemLimit) {
        chunkLength = std::min(Align(CeilDiv(rowLength, CeilDiv(rowLength, itemLimit)), blockElements), tileElements);
    } else {
        tileRows = std::max<uint64_t>(1, std::min({CeilDiv(itemLimit, rowLength),
                                                   tileElements / Align(rowLength, blockElements), MAX_BLOCK_COUNT,
                                                   rows}));
    }
    const uint64_t chunks = CeilDiv(rowLength, chunkLength);
    const uint64_t rowGroups = CeilDiv(rows, tileRows);
    const uint64_t items = rowGroups * chunks;
    const uint64_t coreNum = std::min(coreCount, items);

    FlipLastDimTilingData tiling;
    tiling.set_rows(static_cast<uint32_t>(rows));
    tiling.set_rowLength(static_cast<uint32_t>(rowLength));
    tiling.set_chunkLength(static_cast<uint32_t>(chunkLength));
    tiling.set_chunks(static_cast<uint32_t>(chunks));
    tiling.set_tileRows(static_cast<uint32_t>(tileRows));
    tiling.set_rowGroups(static_cast<uint32_t>(rowGroups));
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
class FlipLastDim : public OpDef {
public:
    explicit FlipLastDim(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(FlipLastDim);
}  // namespace ops
