// Macro-style tiling data of the AddCustom test op: scalars of mixed widths (so the layout has
// padding), an array of per-block lengths and a nested struct.
#ifndef ADD_CUSTOM_TILING_H
#define ADD_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AddScaleParams)
TILING_DATA_FIELD_DEF(uint8_t, enabled);
TILING_DATA_FIELD_DEF(float, factor);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(AddScaleParamsOp, AddScaleParams)

BEGIN_TILING_DATA_DEF(AddCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF(uint16_t, usedBlocks);
TILING_DATA_FIELD_DEF_ARR(uint32_t, 8, blockLength);
TILING_DATA_FIELD_DEF_STRUCT(AddScaleParams, scale);
TILING_DATA_FIELD_DEF(uint64_t, checksum);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AddCustom, AddCustomTilingData)
}  // namespace optiling
#endif  // ADD_CUSTOM_TILING_H
