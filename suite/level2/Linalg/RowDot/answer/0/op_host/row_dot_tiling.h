#ifndef ROW_DOT_TILING_H
#define ROW_DOT_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RowDotTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rowLength);    // D
TILING_DATA_FIELD_DEF(uint32_t, rowStride);    // W: D rounded up to 32 bytes (short rows), the UB row stride
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);  // rows of every core; the first tailCores cores take one more
TILING_DATA_FIELD_DEF(uint32_t, tailCores);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);     // short rows: rows per tile; long rows: rows per output batch
TILING_DATA_FIELD_DEF(uint32_t, chunkLength);  // long rows: elements per tile (a piece of one row); 0 for short rows
TILING_DATA_FIELD_DEF(uint32_t, workLength);   // long rows: floats of ReduceSum's work buffer
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(RowDot, RowDotTilingData)
}  // namespace optiling
#endif  // ROW_DOT_TILING_H
