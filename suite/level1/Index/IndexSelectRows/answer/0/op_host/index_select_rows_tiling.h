// Tiling data of IndexSelectRows. The M output rows are split over the cores (the first bigCoreNum
// cores take one row more). A core gathers tileRows rows at a time; a row wider than colTile
// elements is moved in column chunks of colTile. In UB every gathered row starts on a 32-byte
// boundary, colStride elements after the previous one. With resident = 1 each core holds all of x
// in UB and gathers elements with the vector Gather instead of one DMA per row.
#ifndef INDEX_SELECT_ROWS_TILING_H
#define INDEX_SELECT_ROWS_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(IndexSelectRowsTilingData)
TILING_DATA_FIELD_DEF(uint32_t, srcRows);      // N, rows of x
TILING_DATA_FIELD_DEF(uint32_t, rowLength);    // D, elements per row
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);  // output rows every core writes
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);   // leading cores that write one row more
TILING_DATA_FIELD_DEF(uint32_t, tileRows);     // rows gathered per UB tile
TILING_DATA_FIELD_DEF(uint32_t, colTile);      // elements of a row moved at once (= rowLength unless the row is long)
TILING_DATA_FIELD_DEF(uint32_t, colStride);    // UB elements between gathered rows: colTile rounded up to 32 bytes
TILING_DATA_FIELD_DEF(uint32_t, resident);     // 1: x is copied into UB once and rows are gathered from there
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(IndexSelectRows, IndexSelectRowsTilingData)
} // namespace optiling
#endif // INDEX_SELECT_ROWS_TILING_H
