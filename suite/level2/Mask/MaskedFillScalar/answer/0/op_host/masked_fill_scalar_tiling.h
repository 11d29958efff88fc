// Tiling data of MaskedFillScalar. The flattened tensor is cut into per-core runs of coreLength
// elements (a multiple of 256: whole compare/select repeats, 32-byte aligned runs for the 1-byte
// mask too); the last used core takes lastCoreLength.
#ifndef MASKED_FILL_SCALAR_TILING_H
#define MASKED_FILL_SCALAR_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(MaskedFillScalarTilingData)
TILING_DATA_FIELD_DEF(uint32_t, coreLength);      // elements of every core but the last
TILING_DATA_FIELD_DEF(uint32_t, lastCoreLength);  // elements of the last core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);      // elements per UB tile, a multiple of 256
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MaskedFillScalar, MaskedFillScalarTilingData)
} // namespace optiling
#endif // MASKED_FILL_SCALAR_TILING_H
