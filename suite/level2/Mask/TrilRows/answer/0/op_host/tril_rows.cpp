// TrilRows host side: chooses between splitting whole matrices and splitting rows over the
// vector cores, and sizes the row tiles (and column chunks for long rows).
#include <algorithm>
#include <cstdint>

#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "tril_rows_tiling.h"

namespace optiling {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t SELECT_GRANULE = 128;     // Compare/Select counts: whole 256-byte repeats of float and half
constexpr uint64_t MAX_TILE_ELEMS = 8192;    // per tile buffer; with the float positions and the bits < 192 KiB
constexpr uint64_t MAX_TILE_ROWS = 4095;     // DataCopyPad's burst count
constexpr uint64_t MIN_CORE_BYTES = 8192;    // input bytes below which another core is not worth starting

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    const uint64_t typeSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 4 : 2;
    const size_t dims = shape.GetDimNum();
    if (dims < 2 || shape.GetShapeSize() <= 0 || static_cast<uint64_t>(shape.GetShapeSize()) > UINT32_MAX) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t total = shape.GetShapeSize();
    const uint64_t matrixRows = shape.GetDim(dims - 2);
    const uint64_t rowLength = shape.GetDim(dims - 1);
    const uint64_t matrices = total / (matrixRows * rowLength);
    const int64_t diagonal = *context->GetAttrs()->GetInt(0);

    const uint64_t blockElems = BLOCK_BYTES / typeSize;
    const uint64_t colTile = std::min(rowLength, MAX_TILE_ELEMS);
    const uint64_t rowStride = CeilDiv(colTile, blockElems) * blockElems;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    const uint64_t wantedCores =
        std::max<uint64_t>(1, std::min<uint64_t>(platform.GetCoreNumAiv(), CeilDiv(total * typeSize, MIN_CORE_BYTES)));
    // Whole matrices per tile when they fit and there are enough of them to keep the cores busy.
    const bool wholeMatrices = colTile == rowLength && matrixRows * rowStride <= MAX_TILE_ELEMS &&
                               matrixRows <= MAX_TILE_ROWS && matrices >= wantedCores;
    const uint64_t unitRows = wholeMatrices ? matrixRows : 1;
    const uint64_t units = total / rowLength / unitRows;
    const uint64_t coreNum = std::min(wantedCores, units);
    const uint64_t unitsPerCore = units / coreNum;
    const uint64_t bigCoreNum = units % coreNum;
    const uint64_t mostRows = (unitsPerCore + (bigCoreNum > 0 ? 1 : 0)) * unitRows;
    uint64_t tileRows = 0;
    if (wholeMatrices) {
        const uint64_t fit = std::min(MAX_TILE_ELEMS / (matrixRows * rowStride), MAX_TILE_ROWS / matrixRows);
        tileRows = std::min(fit * matrixRows, mostRows);
    } else {
        tileRows = std::max<uint64_t>(1, std::min({MAX_TILE_ELEMS / rowStride, matrixRows, mostRows, MAX_TILE_ROWS}));
    }
    const uint64_t tileElems = CeilDiv(tileRows * rowStride, SELECT_GRANULE) * SELECT_GRANULE;
    const int64_t lowest = -static_cast<int64_t>(matrixRows) - 1;
    const int64_t highest = static_cast<int64_t>(rowLength) + 1;

    TrilRowsTilingData tiling;
    tiling.set_matrixRows(static_cast<uint32_t>(matrixRows));
    tiling.set_rowLength(static_cast<uint32_t>(rowLength));
    tiling.set_unitRows(static_cast<uint32_t>(unitRows));
    tiling.set_unitsPerCore(static_cast<uint32_t>(unitsPerCore));
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    tiling.set_tileRows(static_cast<uint32_t>(tileRows));
    tiling.set_colTile(static_cast<uint32_t>(colTile));
    tiling.set_rowStride(static_cast<uint32_t>(rowStride));
    tiling.set_tileElems(static_cast<uint32_t>(tileElems));
    tiling.set_diagonal(static_cast<int32_t>(std::min(std::max(diagonal, lowest), highest)));
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
class TrilRows : public OpDef {
public:
    explicit TrilRows(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("diagonal").AttrType(OPTIONAL).Int(0);
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(TrilRows);
} // namespace ops
