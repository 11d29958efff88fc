// IndexSelectRows host side: splits the output rows over the vector cores and sizes the gather
// tiles (rows per tile, and column chunks for rows longer than a tile).
#include <algorithm>
#include <cstdint>

#include "graph/utils/type_utils.h"
#include "index_select_rows_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t TILE_BYTES = 64 * 1024;   // per buffer of the double-buffered row tile
constexpr uint64_t MAX_TILE_ROWS = 1024;     // keeps the index buffer at 8 KiB and blockCount < 4096
// x stays in UB when it is at most RESIDENT_BYTES and loading it costs less than the row DMAs it
// saves (a DMA's fixed cost is worth about RESIDENT_BYTES_PER_ROW bytes of streaming); the gather
// tiles then hold at most RESIDENT_TILE_ELEMS elements, with a uint32 byte offset each.
constexpr uint64_t RESIDENT_BYTES = 96 * 1024;
constexpr uint64_t RESIDENT_BYTES_PER_ROW = 8192;
constexpr uint64_t RESIDENT_TILE_ELEMS = 4096;
// Another core is worth starting per MIN_CORE_ROWS rows (every row is its own DMA) or per
// MIN_CORE_BYTES of output, whichever asks for more cores.
constexpr uint64_t MIN_CORE_ROWS = 8;
constexpr uint64_t MIN_CORE_BYTES = 8192;

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& xShape = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& indexShape = context->GetInputShape(1)->GetStorageShape();
    uint32_t typeSize = 0;
    if (xShape.GetDimNum() != 2 || indexShape.GetDimNum() != 1 ||
        !ge::TypeUtils::GetDataTypeLength(context->GetInputDesc(0)->GetDataType(), typeSize)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t srcRows = xShape.GetDim(0);
    const uint64_t rowLength = xShape.GetDim(1);
    const uint64_t outRows = indexShape.GetDim(0);
    if (srcRows == 0 || rowLength == 0 || outRows == 0 || srcRows * rowLength > UINT32_MAX ||
        outRows * rowLength > UINT32_MAX) {
        return ge::GRAPH_FAILED;
    }

    // A column chunk fills at most one tile buffer and is a whole number of 32-byte blocks unless
    // it is the whole row.
    const uint64_t blockElems = BLOCK_BYTES / typeSize;
    const uint64_t colTile = std::min<uint64_t>(rowLength, TILE_BYTES / typeSize / blockElems * blockElems);
    const uint64_t colStride = CeilDiv(colTile, blockElems) * blockElems;

    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint64_t wanted = std::max(CeilDiv(outRows, MIN_CORE_ROWS), CeilDiv(outRows * rowLength * typeSize, MIN_CORE_BYTES));
    const uint64_t coreNum = std::max<uint64_t>(1, std::min<uint64_t>({platform.GetCoreNumAiv(), outRows, wanted}));
    const uint64_t rowsPerCore = outRows / coreNum;
    const uint64_t bigCoreNum = outRows % coreNum;
    const uint64_t mostRows = rowsPerCore + (bigCoreNum > 0 ? 1 : 0);
    const uint64_t xBytes = srcRows * rowLength * typeSize;
    const bool resident = colTile == rowLength && colStride <= RESIDENT_TILE_ELEMS && xBytes <= RESIDENT_BYTES &&
                          xBytes <= mostRows * RESIDENT_BYTES_PER_ROW;
    const uint64_t tileLimit = resident ? RESIDENT_TILE_ELEMS / colStride : TILE_BYTES / (colStride * typeSize);
    const uint64_t tileRows = std::max<uint64_t>(1, std::min<uint64_t>({tileLimit, MAX_TILE_ROWS, mostRows}));

    IndexSelectRowsTilingData tiling;
    tiling.set_srcRows(static_cast<uint32_t>(srcRows));
    tiling.set_rowLength(static_cast<uint32_t>(rowLength));
    tiling.set_rowsPerCore(static_cast<uint32_t>(rowsPerCore));
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    tiling.set_tileRows(static_cast<uint32_t>(tileRows));
    tiling.set_colTile(static_cast<uint32_t>(colTile));
    tiling.set_colStride(static_cast<uint32_t>(colStride));
    tiling.set_resident(resident ? 1 : 0);
    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
} // namespace optiling

namespace ge {
// y is [len(index), D].
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* x = context->GetInputShape(0);
    const gert::Shape* index = context->GetInputShape(1);
    gert::Shape* y = context->GetOutputShape(0);
    y->SetDimNum(0);
    y->AppendDim(index->GetDim(0));
    y->AppendDim(x->GetDim(1));
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
} // namespace ge

namespace ops {
class IndexSelectRows : public OpDef {
public:
    explicit IndexSelectRows(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("index")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT64, ge::DT_INT64, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(IndexSelectRows);
} // namespace ops
