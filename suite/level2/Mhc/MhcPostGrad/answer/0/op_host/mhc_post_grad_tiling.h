#ifndef MHC_POST_GRAD_TILING_H
#define MHC_POST_GRAD_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MhcPostGradTilingData)
TILING_DATA_FIELD_DEF(uint32_t, hidden);          // D, elements of a stream
TILING_DATA_FIELD_DEF(uint32_t, chunk);           // elements of D per UB tile: a divisor of D, a multiple of 128
TILING_DATA_FIELD_DEF(uint32_t, tokensPerCore);   // tokens of every core; the first tailCores cores take one more
TILING_DATA_FIELD_DEF(uint32_t, tailCores);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MhcPostGrad, MhcPostGradTilingData)
}  // namespace optiling
#endif  // MHC_POST_GRAD_TILING_H
