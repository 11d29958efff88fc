// The high-level Exp (CANN adv_api/math/exp.h): Exp<T, taylorExpandLevel, isReuseSource>. The
// hardware evaluates a Taylor expansion of the fractional part; the simulator rounds the host's
// float exp once, like the basic Exp. taylorExpandLevel cannot be deduced, so a call without it
// resolves to the basic Exp (vec_unary.h), as in CANN.
#pragma once
#include <source_location>

#include "ascendc_sim/adv_math/math_runtime.h"
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"

namespace AscendC {

template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
void Exp(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount,
         const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("Exp", T, half, float);
  ascendc_sim::rt::VecMath(ascendc_sim::MathFn::kExp, ascendc_sim::kDTypeOf<T>, dstTensor.SimRef(),
                           srcTensor.SimRef(), calCount, ascendc_sim::MakeSite("Exp", location));
}

template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
void Exp(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
         const uint32_t calCount, const std::source_location location = std::source_location::current()) {
  (void)sharedTmpBuffer;
  Exp<T, taylorExpandLevel, isReuseSource>(dstTensor, srcTensor, calCount, location);
}

}  // namespace AscendC
