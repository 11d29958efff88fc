#ifndef ADAM_STEP_TILING_H
#define ADAM_STEP_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AdamStepTilingData)
TILING_DATA_FIELD_DEF(uint32_t, coreLength);      // elements of every core but the last
TILING_DATA_FIELD_DEF(uint32_t, lastCoreLength);  // elements of the last core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);      // elements per UB tile
TILING_DATA_FIELD_DEF(float, beta1);
TILING_DATA_FIELD_DEF(float, oneMinusBeta1);
TILING_DATA_FIELD_DEF(float, beta2);
TILING_DATA_FIELD_DEF(float, oneMinusBeta2);
TILING_DATA_FIELD_DEF(float, eps);
TILING_DATA_FIELD_DEF(float, invBiasCorrection2Sqrt);  // 1 / sqrt(1 - beta2^step)
TILING_DATA_FIELD_DEF(float, negStepSize);              // -lr / (1 - beta1^step)
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AdamStep, AdamStepTilingData)
}  // namespace optiling
#endif  // ADAM_STEP_TILING_H
