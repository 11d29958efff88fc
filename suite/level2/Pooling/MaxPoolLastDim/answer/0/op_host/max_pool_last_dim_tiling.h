#ifndef MAX_POOL_LAST_DIM_TILING_H
#define MAX_POOL_LAST_DIM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MaxPoolLastDimTilingData)
TILING_DATA_FIELD_DEF(uint32_t, kernelSize);      // k: elements per window, also the stride
TILING_DATA_FIELD_DEF(uint32_t, windowsPerCore);  // windows of every core; the first tailCores cores take one more
TILING_DATA_FIELD_DEF(uint32_t, tailCores);
TILING_DATA_FIELD_DEF(uint32_t, tileWindows);     // windows per UB tile, a multiple of 16
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MaxPoolLastDim, MaxPoolLastDimTilingData)
}  // namespace optiling
#endif  // MAX_POOL_LAST_DIM_TILING_H
