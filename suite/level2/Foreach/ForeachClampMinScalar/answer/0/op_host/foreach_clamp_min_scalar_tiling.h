// Tiling data of ForeachClampMinScalar. Each tensor of the list is cut into 256-element units (its
// last unit may be short); the units of the whole list, in list order, are dealt to the cores as
// contiguous runs, unitsPerCore each plus one more for the first bigCoreNum cores.
#ifndef FOREACH_CLAMP_MIN_SCALAR_TILING_H
#define FOREACH_CLAMP_MIN_SCALAR_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
constexpr uint32_t CLAMP_LIST_MAX = 64;  // tensors one call may pass: their lengths travel in a fixed array

BEGIN_TILING_DATA_DEF(ForeachClampMinScalarTilingData)
TILING_DATA_FIELD_DEF(uint32_t, tensorNum);     // tensors in xs (and ys)
TILING_DATA_FIELD_DEF(uint32_t, tileLength);    // elements per UB tile, a multiple of 256
TILING_DATA_FIELD_DEF(uint32_t, unitsPerCore);
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);
TILING_DATA_FIELD_DEF_ARR(uint32_t, CLAMP_LIST_MAX, tensorLength);  // elements of each tensor
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ForeachClampMinScalar, ForeachClampMinScalarTilingData)
} // namespace optiling
#endif // FOREACH_CLAMP_MIN_SCALAR_TILING_H
