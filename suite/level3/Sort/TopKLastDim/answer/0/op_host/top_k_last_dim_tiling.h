// Tiling data of TopKLastDim: rows are split over the vector cores (the first bigCores take one
// row more); each row is read in chunks of up to `chunk` values, each chunk sorted and merged with
// the row's best k so far.
#ifndef TOP_K_LAST_DIM_TILING_H
#define TOP_K_LAST_DIM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(TopKLastDimTilingData)
TILING_DATA_FIELD_DEF(uint32_t, length);  // values per row (the last dimension)
TILING_DATA_FIELD_DEF(uint32_t, k);
TILING_DATA_FIELD_DEF(uint32_t, largest);       // 1: largest first, 0: smallest first
TILING_DATA_FIELD_DEF(uint32_t, chunk);         // values per sorted chunk, a multiple of 32
TILING_DATA_FIELD_DEF(uint32_t, pairCapacity);  // (score, index) pairs per merge buffer
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);
TILING_DATA_FIELD_DEF(uint32_t, bigCores);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(TopKLastDim, TopKLastDimTilingData)
}  // namespace optiling
#endif  // TOP_K_LAST_DIM_TILING_H
