// CumsumLastDim host side. Rows are split over the vector cores. A core scans a tile of R rows with
// R * S vector lanes: each row is cut into S pieces of L elements and every lane runs down one piece,
// one vector step per element of a piece. S is chosen so that about 64 lanes are busy (a whole float
// repeat) even when a tile holds few long rows; S * L must lie in [D, W], W being D rounded up to
// 32 bytes, so that every piece reads only the row and its zero padding.
#include <algorithm>

#include "cumsum_last_dim_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t BUFFER_NUM = 2;
constexpr uint32_t LANE_TARGET = 64;      // floats per vector repeat
constexpr uint32_t MAX_TILE_ROWS = 4095;  // DataCopyPad's blockCount limit
constexpr uint32_t BUILD_CHUNK = 1024;    // floats per temporary of the index-table build
constexpr uint32_t UB_RESERVED_BYTES = 1024;

static uint64_t Align(uint64_t value, uint64_t to) { return (value + to - 1) / to * to; }

struct ScanPlan {
    uint32_t segments = 1;
    uint32_t segLength = 1;
    uint32_t laneStride = 8;
    uint32_t scanLength = 0;
    uint32_t buildChunk = 64;
    uint64_t ubBytes = 0;
};

// The layout of a tile of `rows` rows, and the UB it needs.
static ScanPlan MakePlan(uint32_t rows, uint32_t rowLength, uint32_t rowStride, uint32_t typeSize, bool isFloat)
{
    ScanPlan plan;
    uint32_t paddedLength = rowLength;
    if (rows < LANE_TARGET) {
        // The most pieces (at most LANE_TARGET / rows) that cut some length in [D, W] evenly.
        const uint32_t target = LANE_TARGET / rows;
        for (uint32_t length = rowLength; length <= rowStride; ++length) {
            for (uint32_t pieces = std::min(target, length); pieces > plan.segments; --pieces) {
                if (length % pieces == 0) {
                    plan.segments = pieces;
                    paddedLength = length;
                    break;
                }
            }
        }
    }
    plan.segLength = paddedLength / plan.segments;
    plan.laneStride = static_cast<uint32_t>(Align(static_cast<uint64_t>(rows) * plan.segments, 8));
    const uint64_t tileElements = static_cast<uint64_t>(rows) * rowStride;
    plan.buildChunk = static_cast<uint32_t>(std::min<uint64_t>(Align(tileElements, 64), BUILD_CHUNK));
    plan.scanLength = static_cast<uint32_t>(
        std::max<uint64_t>(static_cast<uint64_t>(plan.segLength) * plan.laneStride, 3ULL * plan.buildChunk));
    plan.ubBytes = 2 * BUFFER_NUM * Align(tileElements * typeSize, 32)        // input and output tiles
                   + (isFloat ? 0 : tileElements * sizeof(float))            // float copy of a half tile
                   + static_cast<uint64_t>(plan.scanLength) * sizeof(float)  // the scan, lane-major
                   + tileElements * sizeof(uint32_t)                         // gather table back to rows
                   + 3ULL * plan.laneStride * sizeof(float)                  // one step, lane offsets, piece offsets
                   + UB_RESERVED_BYTES;
    return plan;
}

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
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint32_t typeSize = isFloat ? 4 : 2;
    const uint32_t rowStride = static_cast<uint32_t>(Align(rowLength, 32 / typeSize));
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    const uint32_t coreNum = static_cast<uint32_t>(std::min<uint64_t>(platform.GetCoreNumAiv(), rows));
    const uint32_t rowsPerCore = static_cast<uint32_t>(rows / coreNum);
    const uint32_t tailCores = static_cast<uint32_t>(rows % coreNum);
    // Start from a per-row estimate and shrink until the exact plan fits.
    const uint64_t bytesPerRow = static_cast<uint64_t>(rowStride) * (2 * BUFFER_NUM * typeSize + 3 * sizeof(float) +
                                                                     (isFloat ? 0 : sizeof(float)));
    uint32_t tileRows = static_cast<uint32_t>(std::min<uint64_t>(
        {rowsPerCore + (tailCores > 0 ? 1ULL : 0ULL), MAX_TILE_ROWS, std::max<uint64_t>(1, ubSize / bytesPerRow)}));
    ScanPlan plan = MakePlan(tileRows, rowLength, rowStride, typeSize, isFloat);
    while (plan.ubBytes > ubSize && tileRows > 1) {
        --tileRows;
        plan = MakePlan(tileRows, rowLength, rowStride, typeSize, isFloat);
    }
    if (plan.ubBytes > ubSize) {
        return ge::GRAPH_FAILED;  // one row must fit in UB
    }

    CumsumLastDimTilingData tiling;
    tiling.set_rowLength(static_cast<uint32_t>(rowLength));
    tiling.set_rowStride(rowStride);
    tiling.set_rowsPerCore(rowsPerCore);
    tiling.set_tailCores(tailCores);
    tiling.set_tileRows(tileRows);
    tiling.set_segments(plan.segments);
    tiling.set_segLength(plan.segLength);
    tiling.set_laneStride(plan.laneStride);
    tiling.set_scanLength(plan.scanLength);
    tiling.set_buildChunk(plan.buildChunk);
    context->SetBlockDim(coreNum);
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
class CumsumLastDim : public OpDef {
public:
    explicit CumsumLastDim(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(CumsumLastDim);
}  // namespace ops
