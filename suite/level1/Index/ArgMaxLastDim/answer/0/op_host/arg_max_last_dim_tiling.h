// Tiling data of ArgMaxLastDim. The rows (every index of the leading dimensions) are split over the
// cores, the first bigCoreNum cores taking one row more. Rows that fit one 256-byte vector repeat
// (shortRows = 1) are reduced tileRows at a time by one WholeReduceMax per 248 rows; longer rows are
// reduced one by one with ReduceMax, in column chunks of colTile when a row is longer than that.
#ifndef ARG_MAX_LAST_DIM_TILING_H
#define ARG_MAX_LAST_DIM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ArgMaxLastDimTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rowLength);    // D
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);  // rows every core reduces
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);   // leading cores that reduce one row more
TILING_DATA_FIELD_DEF(uint32_t, shortRows);    // 1: D fits one repeat (WholeReduceMax path)
TILING_DATA_FIELD_DEF(uint32_t, tileRows);     // rows per UB tile (1 when a row is chunked)
TILING_DATA_FIELD_DEF(uint32_t, colTile);      // columns per chunk (= D unless D is longer)
TILING_DATA_FIELD_DEF(uint32_t, rowStride);    // UB elements per row slot: colTile rounded up to 32 bytes
TILING_DATA_FIELD_DEF(uint32_t, tmpLength);    // elements of ReduceMax's work buffer for colTile elements
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ArgMaxLastDim, ArgMaxLastDimTilingData)
} // namespace optiling
#endif // ARG_MAX_LAST_DIM_TILING_H
