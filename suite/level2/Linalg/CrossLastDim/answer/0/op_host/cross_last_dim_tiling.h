#ifndef CROSS_LAST_DIM_TILING_H
#define CROSS_LAST_DIM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(CrossLastDimTilingData)
TILING_DATA_FIELD_DEF(uint32_t, vectorsPerCore);  // 3-vectors of every core; the first tailCores cores take one more
TILING_DATA_FIELD_DEF(uint32_t, tailCores);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);      // elements per UB tile, a multiple of 24 (whole vectors, whole blocks)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(CrossLastDim, CrossLastDimTilingData)
}  // namespace optiling
#endif  // CROSS_LAST_DIM_TILING_H
