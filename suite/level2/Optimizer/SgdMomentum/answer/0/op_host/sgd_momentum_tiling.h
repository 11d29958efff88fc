#ifndef SGD_MOMENTUM_TILING_H
#define SGD_MOMENTUM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SgdMomentumTilingData)
TILING_DATA_FIELD_DEF(uint32_t, coreLength);      // elements of every core but the last
TILING_DATA_FIELD_DEF(uint32_t, lastCoreLength);  // elements of the last core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);      // elements per UB tile
TILING_DATA_FIELD_DEF(float, lr);
TILING_DATA_FIELD_DEF(float, momentum);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SgdMomentum, SgdMomentumTilingData)
}  // namespace optiling
#endif  // SGD_MOMENTUM_TILING_H
