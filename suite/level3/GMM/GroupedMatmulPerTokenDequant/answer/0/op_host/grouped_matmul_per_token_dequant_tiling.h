// Tiling data of GroupedMatmulPerTokenDequant. The group sizes are device data, so the kernel
// derives the tiles itself: each group's rows are cut into baseM-row tiles, N into baseN-column
// tiles, and the tiles of all groups, in order, are dealt to the AI cores round robin.
#ifndef GROUPED_MATMUL_PER_TOKEN_DEQUANT_TILING_H
#define GROUPED_MATMUL_PER_TOKEN_DEQUANT_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(GroupedMatmulPerTokenDequantTilingData)
TILING_DATA_FIELD_DEF(uint32_t, m);
TILING_DATA_FIELD_DEF(uint32_t, n);
TILING_DATA_FIELD_DEF(uint32_t, k);
TILING_DATA_FIELD_DEF(uint32_t, groupCount);
TILING_DATA_FIELD_DEF(uint32_t, baseM);  // rows of a tile, a multiple of 32 (each vector core takes half)
TILING_DATA_FIELD_DEF(uint32_t, baseN);  // columns of a tile, a multiple of 32
TILING_DATA_FIELD_DEF(uint32_t, baseK);  // K of one Mmad, a multiple of 32
TILING_DATA_FIELD_DEF(uint32_t, stepK);  // Mmads per L1 chunk
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(GroupedMatmulPerTokenDequant, GroupedMatmulPerTokenDequantTilingData)
}  // namespace optiling
#endif  // GROUPED_MATMUL_PER_TOKEN_DEQUANT_TILING_H
