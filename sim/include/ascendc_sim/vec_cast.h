// Cast: element-wise conversion between dtypes with a RoundMode, level 2 (count) and level 0
// (mask, repeats, strides; one repeat holds 256 bytes of the wider of the two types).
#pragma once
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/enums.h"
#include "ascendc_sim/local_tensor.h"
#include "ascendc_sim/vec_params.h"

namespace ascendc_sim {

// The A2 conversions CANN implements (src U -> dst T); any other pair has no instruction.
template <class T, class U>
inline constexpr bool kCastPairSupported =
    (std::is_same_v<U, half> && kIsOneOf<T, float, int32_t, int16_t, int8_t, uint8_t>) ||
    (std::is_same_v<U, float> && kIsOneOf<T, float, half, bfloat16_t, int32_t, int16_t, int64_t>) ||
    (std::is_same_v<U, bfloat16_t> && kIsOneOf<T, float, int32_t>) ||
    (std::is_same_v<U, int16_t> && kIsOneOf<T, half, float>) ||
    (std::is_same_v<U, int32_t> && kIsOneOf<T, float, int16_t, int64_t, half>) ||
    (std::is_same_v<U, int64_t> && kIsOneOf<T, int32_t, float>) || (std::is_same_v<U, int8_t> && kIsOneOf<T, half>) ||
    (std::is_same_v<U, uint8_t> && kIsOneOf<T, half>);

namespace rt {
// The DEQSCALE register (half bits) that scales every int32 -> half Cast.
void SetDeqScale(uint16_t scaleBits);
void VecCast(DType dstType, DType srcType, uint8_t roundMode, const LocalRef& dst, const LocalRef& src,
             const VecShape& shape, Site site);
}  // namespace rt

}  // namespace ascendc_sim

#define ASCENDC_SIM_CHECK_CAST_PAIR(T, U)                                                           \
  static_assert(::ascendc_sim::kCastPairSupported<T, U>,                                            \
                "Failed to check dtype in Cast, current api support dtype combination is "          \
                "src half -> dst float/int32_t/int16_t/int8_t/uint8_t; "                            \
                "src float -> dst float/half/bfloat16_t/int32_t/int16_t/int64_t; "                  \
                "src bfloat16_t -> dst float/int32_t; src int16_t -> dst half/float; "              \
                "src int32_t -> dst float/int16_t/int64_t/half; src int64_t -> dst int32_t/float; " \
                "src int8_t/uint8_t -> dst half (convert in two steps through a supported type)")

namespace AscendC {

template <class T, class U>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint32_t count,
          const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_CAST_PAIR(T, U);
  ascendc_sim::rt::VecCast(ascendc_sim::kDTypeOf<T>, ascendc_sim::kDTypeOf<U>, uint8_t(roundMode), dst.SimRef(),
                           src.SimRef(), ascendc_sim::CountShape(count), ascendc_sim::MakeSite("Cast", location));
}

template <class T, class U, bool isSetMask = true>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
          const ascendc_sim::MaskArg mask, const ascendc_sim::RepeatTimes repeatTimes, const UnaryRepeatParams& params,
          const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_CAST_PAIR(T, U);
  ascendc_sim::rt::VecCast(ascendc_sim::kDTypeOf<T>, ascendc_sim::kDTypeOf<U>, uint8_t(roundMode), dst.SimRef(),
                           src.SimRef(), ascendc_sim::WithStrides(mask, repeatTimes, isSetMask, params),
                           ascendc_sim::MakeSite("Cast", location));
}

// Sets DEQSCALE: an int32 -> half Cast then computes half(src * scale). The float-scale and
// vector-scale overloads serve CastDeq, which is not simulated.
inline void SetDeqScale(half scale) { ascendc_sim::rt::SetDeqScale(uint16_t(ascendc_sim::ScalarBits(scale))); }

}  // namespace AscendC
