// Element-wise high-level math APIs (CANN adv_api/math and activation/sigmoid): dst = f(src) over
// calCount elements, or over src.GetSize() when the count is omitted. The sharedTmpBuffer forms
// take CANN's scratch tensor; the simulator computes in float and needs no scratch space.
// Like the basic APIs, every form takes a trailing source location; the count form also has an
// address form with CANN's exact type (api_address.h), because Foreach kernels pass
// `Sin<float, false>` as a template argument.
#pragma once
#include <source_location>

#include "ascendc_sim/adv_math/math_runtime.h"
#include "ascendc_sim/api_address.h"
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"

// The forms every element-wise API has: with a count, its address form, and over the whole source.
#define ASCENDC_SIM_MATH_API_WITHOUT_TMP(Name, Fn)                                                              \
  template <typename T, bool isReuseSource = false>                                                            \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount,         \
            const std::source_location location = std::source_location::current()) {                           \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, half, float);                                                            \
    ascendc_sim::rt::VecMath(ascendc_sim::MathFn::Fn, ascendc_sim::kDTypeOf<T>, dstTensor.SimRef(),            \
                             srcTensor.SimRef(), calCount, ascendc_sim::MakeSite(#Name, location));            \
  }                                                                                                            \
  template <typename T, bool isReuseSource = false, class Src, ascendc_sim::IfAddressForm<Src, LocalTensor<T>> = true> \
  void Name(const LocalTensor<T>& dstTensor, const Src& srcTensor, const uint32_t calCount) {                  \
    Name<T, isReuseSource>(dstTensor, srcTensor, calCount, std::source_location::current());                   \
  }                                                                                                            \
  template <typename T, bool isReuseSource = false>                                                            \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                                  \
            const std::source_location location = std::source_location::current()) {                           \
    Name<T, isReuseSource>(dstTensor, srcTensor, srcTensor.GetSize(), location);                               \
  }

// Plus the two sharedTmpBuffer forms.
#define ASCENDC_SIM_MATH_API(Name, Fn)                                                                        \
  ASCENDC_SIM_MATH_API_WITHOUT_TMP(Name, Fn)                                                                 \
  template <typename T, bool isReuseSource = false>                                                          \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                                \
            const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,                            \
            const std::source_location location = std::source_location::current()) {                         \
    (void)sharedTmpBuffer;                                                                                   \
    Name<T, isReuseSource>(dstTensor, srcTensor, calCount, location);                                        \
  }                                                                                                          \
  template <typename T, bool isReuseSource = false>                                                          \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                                \
            const LocalTensor<uint8_t>& sharedTmpBuffer,                                                     \
            const std::source_location location = std::source_location::current()) {                         \
    Name<T, isReuseSource>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize(), location);            \
  }

namespace AscendC {

ASCENDC_SIM_MATH_API(Sin, kSin)
ASCENDC_SIM_MATH_API(Cos, kCos)
ASCENDC_SIM_MATH_API(Tan, kTan)
ASCENDC_SIM_MATH_API(Tanh, kTanh)
ASCENDC_SIM_MATH_API(Sinh, kSinh)
ASCENDC_SIM_MATH_API(Cosh, kCosh)
ASCENDC_SIM_MATH_API(Asin, kAsin)
ASCENDC_SIM_MATH_API(Acos, kAcos)
ASCENDC_SIM_MATH_API(Atan, kAtan)
ASCENDC_SIM_MATH_API(Asinh, kAsinh)
ASCENDC_SIM_MATH_API(Acosh, kAcosh)
ASCENDC_SIM_MATH_API(Atanh, kAtanh)
ASCENDC_SIM_MATH_API(Erf, kErf)
ASCENDC_SIM_MATH_API(Erfc, kErfc)
ASCENDC_SIM_MATH_API(Sigmoid, kSigmoid)
ASCENDC_SIM_MATH_API_WITHOUT_TMP(Log, kLog)  // CANN's Log has no sharedTmpBuffer form
ASCENDC_SIM_MATH_API(Log2, kLog2)
ASCENDC_SIM_MATH_API_WITHOUT_TMP(Log10, kLog10)
ASCENDC_SIM_MATH_API(Floor, kFloor)
ASCENDC_SIM_MATH_API(Ceil, kCeil)
ASCENDC_SIM_MATH_API(Trunc, kTrunc)
ASCENDC_SIM_MATH_API(Round, kRound)
ASCENDC_SIM_MATH_API(Frac, kFrac)
ASCENDC_SIM_MATH_API(Sign, kSign)

}  // namespace AscendC

#undef ASCENDC_SIM_MATH_API
#undef ASCENDC_SIM_MATH_API_WITHOUT_TMP
