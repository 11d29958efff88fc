// Tiling data of IsNanMask. The flattened tensor is cut into per-core runs of coreLength elements
// (a multiple of ALIGN_ELEMS, so every run starts 32-byte aligned in GM for every dtype); the last
// used core takes what is left, lastCoreLength elements.
#ifndef IS_NAN_MASK_TILING_H
#define IS_NAN_MASK_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(IsNanMaskTilingData)
TILING_DATA_FIELD_DEF(uint32_t, coreLength);      // elements of every core but the last
TILING_DATA_FIELD_DEF(uint32_t, lastCoreLength);  // elements of the last core (1..coreLength)
TILING_DATA_FIELD_DEF(uint32_t, tileLength);      // elements per UB tile, a multiple of ALIGN_ELEMS
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(IsNanMask, IsNanMaskTilingData)
} // namespace optiling
#endif // IS_NAN_MASK_TILING_H
