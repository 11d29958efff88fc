#ifndef AVG_POOL_LAST_DIM_TILING_H
#define AVG_POOL_LAST_DIM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AvgPoolLastDimTilingData)
TILING_DATA_FIELD_DEF(uint32_t, kernelSize);     // k: input elements per window, also the stride
TILING_DATA_FIELD_DEF(uint32_t, windowsPerCore); // windows (outputs) of every core; the first tailCores take one more
TILING_DATA_FIELD_DEF(uint32_t, tailCores);
TILING_DATA_FIELD_DEF(uint32_t, tileWindows);    // windows per UB tile
TILING_DATA_FIELD_DEF(float, invKernelSize);     // 1 / k, for the mean
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AvgPoolLastDim, AvgPoolLastDimTilingData)
}  // namespace optiling
#endif  // AVG_POOL_LAST_DIM_TILING_H
