// Tiling data of TiledMatmulBias: C is cut into baseM x baseN output tiles, dealt to the cube
// cores round robin; each tile walks K in L1 chunks of baseK * stepK, and each chunk in L0 steps of
// baseK.
#ifndef TILED_MATMUL_BIAS_TILING_H
#define TILED_MATMUL_BIAS_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(TiledMatmulBiasTilingData)
TILING_DATA_FIELD_DEF(uint32_t, m);
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, k);
TILING_DATA_FIELD_DEF(uint32_t, baseM);  // rows of an output tile, a multiple of 16
TILING_DATA_FIELD_DEF(uint32_t, baseN);  // columns of an output tile, a multiple of 16
TILING_DATA_FIELD_DEF(uint32_t, baseK);  // K of one Mmad, a multiple of 16
TILING_DATA_FIELD_DEF(uint32_t, stepK);  // Mmads per L1 chunk
TILING_DATA_FIELD_DEF(uint32_t, mTiles);
TILING_DATA_FIELD_DEF(uint32_t, nTiles);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(TiledMatmulBias, TiledMatmulBiasTilingData)
}  // namespace optiling
#endif  // TILED_MATMUL_BIAS_TILING_H
