// ScaledAdd's tiling data, which the kernel reads.
#ifndef SCALED_ADD_TILING_H
#define SCALED_ADD_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ScaledAddTilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);
TILING_DATA_FIELD_DEF(float, alpha);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(ScaledAdd, ScaledAddTilingData)
}  // namespace optiling
#endif  // SCALED_ADD_TILING_H
