#ifndef LAYER_NORM_LAST_DIM_TILING_H
#define LAYER_NORM_LAST_DIM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LayerNormLastDimTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rowLength);    // elements of the last dimension
TILING_DATA_FIELD_DEF(uint32_t, rowStride);    // elements between rows in UB (32-byte aligned for every dtype)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);  // rows of every core; the first tailCores cores take one more
TILING_DATA_FIELD_DEF(uint32_t, tailCores);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);     // rows per UB tile
TILING_DATA_FIELD_DEF(uint32_t, workLength);   // floats of the reduction work buffer
TILING_DATA_FIELD_DEF(float, epsilon);
TILING_DATA_FIELD_DEF(float, invRowLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(LayerNormLastDim, LayerNormLastDimTilingData)
}  // namespace optiling
#endif  // LAYER_NORM_LAST_DIM_TILING_H
