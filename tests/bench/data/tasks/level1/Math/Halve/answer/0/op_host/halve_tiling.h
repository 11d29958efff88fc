// Test fixture: tiling data of the fake Halve answer.
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(HalveTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(Halve, HalveTilingData)
}  // namespace optiling
