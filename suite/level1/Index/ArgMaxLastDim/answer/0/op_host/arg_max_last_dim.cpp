// ArgMaxLastDim host side: splits the rows over the vector cores, picks the short-row or the
// long-row path and sizes the UB tiles and ReduceMax's work buffer.
#include <algorithm>
#include <cstdint>

#include "arg_max_last_dim_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t REPEAT_BYTES = 256;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t UB_RESERVE_BYTES = 2048;
constexpr uint64_t MAX_CHUNK_ELEMS = 16384;  // keeps a half chunk's indexes within ReduceMax's 16-bit field
constexpr uint64_t MAX_TILE_ROWS = 2480;     // ten WholeReduceMax groups; also below DataCopyPad's 4095 bursts
constexpr uint64_t MIN_CORE_BYTES = 4096;    // input bytes below which another core is not worth starting

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
static uint64_t RoundUp(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }

// ReduceMax with calIndex keeps every round's (value, index) pairs: round k+1 reduces the values
// of round k, 2 * repeats elements each round, every round 32-byte aligned.
static uint64_t ReduceMaxTmpElems(uint64_t count, uint64_t typeSize)
{
    const uint64_t perRepeat = REPEAT_BYTES / typeSize;
    const uint64_t perBlock = BLOCK_BYTES / typeSize;
    uint64_t repeats = CeilDiv(count, perRepeat);
    uint64_t total = RoundUp(2 * repeats, perBlock);
    while (repeats > 1) {
        repeats = CeilDiv(2 * repeats, perRepeat);
        total += RoundUp(2 * repeats, perBlock);
    }
    return total;
}

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    const uint64_t typeSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 4 : 2;
    if (shape.GetDimNum() < 1 || shape.GetShapeSize() <= 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rowLength = shape.GetDim(shape.GetDimNum() - 1);
    const uint64_t rows = shape.GetShapeSize() / rowLength;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t budget = ubSize - UB_RESERVE_BYTES;

    const uint64_t coreNum = std::max<uint64_t>(
        1, std::min<uint64_t>({platform.GetCoreNumAiv(), rows, CeilDiv(rows * rowLength * typeSize, MIN_CORE_BYTES)}));
    const uint64_t rowsPerCore = rows / coreNum;
    const uint64_t bigCoreNum = rows % coreNum;
    const uint64_t mostRows = rowsPerCore + (bigCoreNum > 0 ? 1 : 0);

    const uint64_t blockElems = BLOCK_BYTES / typeSize;
    const bool shortRows = rowLength * typeSize <= REPEAT_BYTES;
    const uint64_t colTile = std::min(rowLength, MAX_CHUNK_ELEMS);
    const uint64_t rowStride = RoundUp(colTile, blockElems);
    uint64_t tileRows = 0;
    uint64_t tmpLength = 0;
    if (shortRows) {
        // Per row: the double-buffered input slot, its uint32 index and the double-buffered int64 result.
        tileRows = budget / (BUFFER_NUM * rowStride * typeSize + sizeof(uint32_t) + BUFFER_NUM * sizeof(int64_t));
    } else {
        // Per row: the double-buffered input slot, a 32-byte ReduceMax result slot, its uint32 index
        // and the double-buffered int64 result; once: the work buffer for one chunk.
        tmpLength = ReduceMaxTmpElems(colTile, typeSize);
        const uint64_t perRow = BUFFER_NUM * rowStride * typeSize + BLOCK_BYTES + sizeof(uint32_t) + BUFFER_NUM * sizeof(int64_t);
        tileRows = colTile < rowLength ? 1 : (budget - tmpLength * typeSize - 4 * BLOCK_BYTES) / perRow;
    }
    tileRows = std::max<uint64_t>(1, std::min({tileRows, MAX_TILE_ROWS, mostRows}));

    ArgMaxLastDimTilingData tiling;
    tiling.set_rowLength(static_cast<uint32_t>(rowLength));
    tiling.set_rowsPerCore(static_cast<uint32_t>(rowsPerCore));
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    tiling.set_shortRows(shortRows ? 1 : 0);
    tiling.set_tileRows(static_cast<uint32_t>(tileRows));
    tiling.set_colTile(static_cast<uint32_t>(colTile));
    tiling.set_rowStride(static_cast<uint32_t>(rowStride));
    tiling.set_tmpLength(static_cast<uint32_t>(tmpLength));
    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
} // namespace optiling

namespace ge {
// y drops the last dimension of x.
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* x = context->GetInputShape(0);
    gert::Shape* y = context->GetOutputShape(0);
    y->SetDimNum(0);
    for (size_t i = 0; i + 1 < x->GetDimNum(); ++i) {
        y->AppendDim(x->GetDim(i));
    }
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, ge::DT_INT64);
    return GRAPH_SUCCESS;
}
} // namespace ge

namespace ops {
class ArgMaxLastDim : public OpDef {
public:
    explicit ArgMaxLastDim(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT64, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(ArgMaxLastDim);
} // namespace ops
