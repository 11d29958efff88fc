// Tiling data of Maximum: the elements are split over the cores in units of UNIT_ELEMS (256)
// elements; the first bigCoreNum cores take one unit more than the others.
#ifndef MAXIMUM_TILING_H
#define MAXIMUM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MaximumTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);  // elements of the output
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per UB tile, a multiple of UNIT_ELEMS
TILING_DATA_FIELD_DEF(uint32_t, unitsPerCore); // units every core processes
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);   // leading cores that process one unit more
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(Maximum, MaximumTilingData)
} // namespace optiling
#endif // MAXIMUM_TILING_H
