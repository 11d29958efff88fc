// Tiling data of Muls: the elements are split over the cores in units of UNIT_ELEMS (256)
// elements; the first bigCoreNum cores take one unit more than the others.
#ifndef MULS_TILING_H
#define MULS_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MulsTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);  // elements of the output
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per UB tile, a multiple of UNIT_ELEMS
TILING_DATA_FIELD_DEF(uint32_t, unitsPerCore); // units every core processes
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);   // leading cores that process one unit more
TILING_DATA_FIELD_DEF(float, scalarValue);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Muls, MulsTilingData)
} // namespace optiling
#endif // MULS_TILING_H
