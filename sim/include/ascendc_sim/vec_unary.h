// Unary vector APIs (dst = op(src)): level 2 (count) and level 0 (mask, repeats, strides).
#pragma once
#include "ascendc_sim/api_address.h"
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"
#include "ascendc_sim/vec_params.h"

// Declares one API in its two forms; the dtype table comes from CANN's A2 implementation.
#define ASCENDC_SIM_UNARY_API(Name, Op, ...)                                                                  \
  template <class T>                                                                                          \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count,                       \
            const std::source_location location = std::source_location::current()) {                          \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, __VA_ARGS__);                                                           \
    ascendc_sim::rt::VecUnary(ascendc_sim::UnaryOp::Op, ascendc_sim::kDTypeOf<T>, dst.SimRef(), src.SimRef(), \
                              ascendc_sim::CountShape(count), ascendc_sim::MakeSite(#Name, location));        \
  }                                                                                                           \
  template <class T, class Src, ascendc_sim::IfAddressForm<Src, LocalTensor<T>> = true>                       \
  void Name(const LocalTensor<T>& dst, const Src& src, const int32_t& count) {                                \
    Name<T>(dst, src, count, std::source_location::current());                                                \
  }                                                                                                           \
  template <class T, bool isSetMask = true>                                                                   \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const ascendc_sim::MaskArg mask,            \
            const ascendc_sim::RepeatTimes repeatTimes, const UnaryRepeatParams& params,                      \
            const std::source_location location = std::source_location::current()) {                          \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, __VA_ARGS__);                                                           \
    ascendc_sim::rt::VecUnary(ascendc_sim::UnaryOp::Op, ascendc_sim::kDTypeOf<T>, dst.SimRef(), src.SimRef(), \
                              ascendc_sim::WithStrides(mask, repeatTimes, isSetMask, params),                 \
                              ascendc_sim::MakeSite(#Name, location));                                        \
  }

namespace AscendC {

ASCENDC_SIM_UNARY_API(Exp, kExp, half, float)
ASCENDC_SIM_UNARY_API(Ln, kLn, half, float)
ASCENDC_SIM_UNARY_API(Abs, kAbs, half, float)
ASCENDC_SIM_UNARY_API(Reciprocal, kReciprocal, half, float)
ASCENDC_SIM_UNARY_API(Sqrt, kSqrt, half, float)
ASCENDC_SIM_UNARY_API(Rsqrt, kRsqrt, half, float)
ASCENDC_SIM_UNARY_API(Not, kNot, int16_t, uint16_t)
ASCENDC_SIM_UNARY_API(Relu, kRelu, half, float, int32_t)

}  // namespace AscendC
