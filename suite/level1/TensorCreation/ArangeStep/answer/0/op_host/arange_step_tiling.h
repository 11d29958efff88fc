// Tiling data of ArangeStep. The n output elements are cut into per-core runs of coreLength (a
// multiple of 64 elements, one 256-byte repeat of either dtype); the last used core writes
// lastCoreLength. The kernel computes element i as start + i * step.
#ifndef ARANGE_STEP_TILING_H
#define ARANGE_STEP_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ArangeStepTilingData)
TILING_DATA_FIELD_DEF(uint32_t, coreLength);      // elements of every core but the last
TILING_DATA_FIELD_DEF(uint32_t, lastCoreLength);  // elements of the last core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);      // elements per UB tile
TILING_DATA_FIELD_DEF(float, start);
TILING_DATA_FIELD_DEF(float, step);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ArangeStep, ArangeStepTilingData)
} // namespace optiling
#endif // ARANGE_STEP_TILING_H
