// Tiling data of TrilRows. x is seen as rows of C elements, R rows per matrix. Work is split over
// the cores in units of unitRows rows: whole matrices (unitRows = R) when there are many small
// ones, single rows (unitRows = 1) otherwise. A tile holds tileRows rows (whole matrices in the
// first mode, never crossing a matrix boundary in the second) of colTile columns; a row longer
// than colTile is processed in column chunks. In UB each row takes rowStride elements.
#ifndef TRIL_ROWS_TILING_H
#define TRIL_ROWS_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(TrilRowsTilingData)
TILING_DATA_FIELD_DEF(uint32_t, matrixRows);   // R
TILING_DATA_FIELD_DEF(uint32_t, rowLength);    // C
TILING_DATA_FIELD_DEF(uint32_t, unitRows);     // rows per split unit: R (whole matrices) or 1
TILING_DATA_FIELD_DEF(uint32_t, unitsPerCore);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);   // leading cores that take one unit more
TILING_DATA_FIELD_DEF(uint32_t, tileRows);     // rows per UB tile
TILING_DATA_FIELD_DEF(uint32_t, colTile);      // columns per chunk (= C unless C is longer)
TILING_DATA_FIELD_DEF(uint32_t, rowStride);    // UB elements per row: colTile rounded up to 32 bytes
TILING_DATA_FIELD_DEF(uint32_t, tileElems);    // elements of a tile buffer: tileRows * rowStride rounded up to 128
TILING_DATA_FIELD_DEF(int32_t, diagonal);      // clamped to [-R-1, C+1], where every larger value acts the same
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(TrilRows, TrilRowsTilingData)
} // namespace optiling
#endif // TRIL_ROWS_TILING_H
