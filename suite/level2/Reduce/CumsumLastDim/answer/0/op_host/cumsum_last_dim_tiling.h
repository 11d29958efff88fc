#ifndef CUMSUM_LAST_DIM_TILING_H
#define CUMSUM_LAST_DIM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(CumsumLastDimTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rowLength);    // D: elements of the last dimension
TILING_DATA_FIELD_DEF(uint32_t, rowStride);    // W: elements between rows in UB (D rounded up to 32 bytes)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);  // rows of every core; the first tailCores cores take one more
TILING_DATA_FIELD_DEF(uint32_t, tailCores);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);     // R: rows per UB tile
TILING_DATA_FIELD_DEF(uint32_t, segments);     // S: pieces each row is cut into, scanned side by side
TILING_DATA_FIELD_DEF(uint32_t, segLength);    // L: elements per piece (S * L lies in [D, W])
TILING_DATA_FIELD_DEF(uint32_t, laneStride);   // floats between two scan steps (R * S rounded up to 8)
TILING_DATA_FIELD_DEF(uint32_t, scanLength);   // floats of the scan buffer
TILING_DATA_FIELD_DEF(uint32_t, buildChunk);   // floats per temporary when the index tables are built
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(CumsumLastDim, CumsumLastDimTilingData)
}  // namespace optiling
#endif  // CUMSUM_LAST_DIM_TILING_H
