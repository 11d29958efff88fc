#ifndef REDUCE_SUM_LAST_DIM_TILING_H
#define REDUCE_SUM_LAST_DIM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ReduceSumLastDimTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rowLength);    // elements of the last dimension
TILING_DATA_FIELD_DEF(uint32_t, rowStride);    // elements between rows in UB (32-byte aligned for every dtype)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);  // rows of every core; the first tailCores cores take one more
TILING_DATA_FIELD_DEF(uint32_t, tailCores);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);     // rows per UB tile
TILING_DATA_FIELD_DEF(uint32_t, sumStride);    // elements of a tile's sums in UB (tileRows, 32-byte aligned)
TILING_DATA_FIELD_DEF(uint32_t, workLength);   // floats of the reduction work buffer
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ReduceSumLastDim, ReduceSumLastDimTilingData)
}  // namespace optiling
#endif  // REDUCE_SUM_LAST_DIM_TILING_H
