// Tiling data of ForeachAxpyList. Every tensor is cut into units of UNIT_ELEMS (256) elements (its
// last unit may be short); the units of all tensors, in list order, are split over the cores so that
// each core takes a contiguous run of them and the first bigCoreNum cores take one unit more.
#ifndef FOREACH_AXPY_LIST_TILING_H
#define FOREACH_AXPY_LIST_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
// The most tensors one call may pass in each list: the element counts travel in a fixed-size array.
constexpr uint32_t FOREACH_MAX_TENSORS = 64;

BEGIN_TILING_DATA_DEF(ForeachAxpyListTilingData)
TILING_DATA_FIELD_DEF(uint32_t, tensorNum);     // tensors in each of x, y and out
TILING_DATA_FIELD_DEF(uint32_t, tileLength);    // elements per UB tile, a multiple of UNIT_ELEMS
TILING_DATA_FIELD_DEF(uint32_t, unitsPerCore);  // units every core processes
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);    // leading cores that process one unit more
TILING_DATA_FIELD_DEF(float, alpha);
TILING_DATA_FIELD_DEF_ARR(uint32_t, FOREACH_MAX_TENSORS, tensorLength);  // elements of each tensor
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ForeachAxpyList, ForeachAxpyListTilingData)
} // namespace optiling
#endif // FOREACH_AXPY_LIST_TILING_H
