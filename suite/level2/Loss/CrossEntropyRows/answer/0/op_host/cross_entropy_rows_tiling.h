#ifndef CROSS_ENTROPY_ROWS_TILING_H
#define CROSS_ENTROPY_ROWS_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(CrossEntropyRowsTilingData)
TILING_DATA_FIELD_DEF(uint32_t, classes);      // C
TILING_DATA_FIELD_DEF(uint32_t, rowStride);    // W: C rounded up to 32 bytes of the logits' dtype (<= 2040)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);  // rows of every core; the first tailCores cores take one more
TILING_DATA_FIELD_DEF(uint32_t, tailCores);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);     // rows per UB tile
TILING_DATA_FIELD_DEF(uint32_t, reduction);    // 0 none, 1 sum, 2 mean
TILING_DATA_FIELD_DEF(uint32_t, workLength);   // floats of ReduceSum's work buffer
TILING_DATA_FIELD_DEF(float, invRows);         // 1 / N, for the mean
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(CrossEntropyRows, CrossEntropyRowsTilingData)
}  // namespace optiling
#endif  // CROSS_ENTROPY_ROWS_TILING_H
