// Vector-scalar APIs (dst = src op scalar): level 2 (count) and level 0 (mask, repeats, strides).
#pragma once
#include <type_traits>

#include "ascendc_sim/api_address.h"
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"
#include "ascendc_sim/vec_params.h"

// The scalar is `const T&` with T deduced from the tensors too, so a float literal for a half
// tensor is a deduction conflict, as in CANN. The twin `template <T, U>` overloads exist in CANN for
// TensorTrait tensors; they require U == T and so reject the same calls. The count form's twin has
// CANN's exact parameter list and so also serves as the address form (api_address.h).
#define ASCENDC_SIM_SCALAR_COUNT_FORMS(Name, Op, ...)                                                           \
  template <class T, bool isSetMask = true>                                                                     \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count,   \
            const std::source_location location = std::source_location::current()) {                            \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, __VA_ARGS__);                                                             \
    ascendc_sim::rt::VecScalar(ascendc_sim::ScalarOp::Op, ascendc_sim::kDTypeOf<T>, dst.SimRef(), src.SimRef(), \
                               ascendc_sim::ScalarBits(scalarValue), ascendc_sim::CountShape(count),            \
                               ascendc_sim::MakeSite(#Name, location));                                         \
  }                                                                                                             \
  template <class T, class U, bool isSetMask = true, ascendc_sim::IfAddressForm<U, T> = true>                   \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalarValue, const int32_t& count) { \
    Name<T, isSetMask>(dst, src, scalarValue, count, std::source_location::current());                          \
  }

// Level-0 forms. `Extra` names a pair of macros, Extra##_PARAM() and Extra##_ARG(), that add CANN's
// additional trailing parameter (ShiftRight's roundEn) or nothing; `Level0Op` may use that parameter.
#define ASCENDC_SIM_SCALAR_MASK_FORM(Name, MaskParam, Level0Op, Extra, ...)                                      \
  template <class T, bool isSetMask = true>                                                                      \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, MaskParam,               \
            const ascendc_sim::RepeatTimes repeatTimes, const UnaryRepeatParams& params Extra##_PARAM(),         \
            const std::source_location location = std::source_location::current()) {                             \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, __VA_ARGS__);                                                              \
    ascendc_sim::rt::VecScalar(                                                                                  \
        Level0Op, ascendc_sim::kDTypeOf<T>, dst.SimRef(), src.SimRef(), ascendc_sim::ScalarBits(scalarValue),    \
        ascendc_sim::WithStrides(mask, repeatTimes, isSetMask, params), ascendc_sim::MakeSite(#Name, location)); \
  }                                                                                                              \
  template <class T, class U, bool isSetMask = true, std::enable_if_t<std::is_same_v<T, U>, bool> = true>        \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalarValue, MaskParam,               \
            const ascendc_sim::RepeatTimes repeatTimes, const UnaryRepeatParams& params Extra##_PARAM(),         \
            const std::source_location location = std::source_location::current()) {                             \
    Name<T, isSetMask>(dst, src, scalarValue, mask, repeatTimes, params Extra##_ARG(), location);                \
  }

#define ASCENDC_SIM_SCALAR_PLAIN_PARAM()
#define ASCENDC_SIM_SCALAR_PLAIN_ARG()
#define ASCENDC_SIM_SCALAR_ROUND_PARAM() , bool roundEn = false
#define ASCENDC_SIM_SCALAR_ROUND_ARG() , roundEn

#define ASCENDC_SIM_SCALAR_API_WITH(Name, Op, Level0Op, Extra, ...) \
  ASCENDC_SIM_SCALAR_COUNT_FORMS(Name, Op, __VA_ARGS__)             \
  ASCENDC_SIM_SCALAR_MASK_FORM(Name, const ascendc_sim::MaskArg mask, Level0Op, Extra, __VA_ARGS__)

#define ASCENDC_SIM_SCALAR_API(Name, Op, ...) \
  ASCENDC_SIM_SCALAR_API_WITH(Name, Op, ascendc_sim::ScalarOp::Op, ASCENDC_SIM_SCALAR_PLAIN, __VA_ARGS__)

namespace AscendC {

ASCENDC_SIM_SCALAR_API(Adds, kAdds, half, float, int16_t, int32_t)
ASCENDC_SIM_SCALAR_API(Muls, kMuls, half, float, int16_t, int32_t)
ASCENDC_SIM_SCALAR_API(Maxs, kMaxs, half, float, int16_t, int32_t)
ASCENDC_SIM_SCALAR_API(Mins, kMins, half, float, int16_t, int32_t)
ASCENDC_SIM_SCALAR_API(LeakyRelu, kLeakyRelu, half, float)
ASCENDC_SIM_SCALAR_API(ShiftLeft, kShiftLeft, uint16_t, uint32_t, int16_t, int32_t)
ASCENDC_SIM_SCALAR_API_WITH(ShiftRight, kShiftRight,
                            roundEn ? ascendc_sim::ScalarOp::kShiftRightRound : ascendc_sim::ScalarOp::kShiftRight,
                            ASCENDC_SIM_SCALAR_ROUND, uint16_t, uint32_t, int16_t, int32_t)

}  // namespace AscendC
