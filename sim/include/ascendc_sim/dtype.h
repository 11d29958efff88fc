// Element types the simulator knows, as a runtime tag, and the compile-time dtype tables.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/scalar_types.h"

namespace ascendc_sim {

enum class DType : uint8_t { kInt8, kUint8, kInt16, kUint16, kInt32, kUint32, kInt64, kUint64, kHalf, kBfloat16, kFloat, kBool };

template <class T> struct DTypeTag;
template <> struct DTypeTag<int8_t> { static constexpr DType value = DType::kInt8; };
template <> struct DTypeTag<uint8_t> { static constexpr DType value = DType::kUint8; };
template <> struct DTypeTag<int16_t> { static constexpr DType value = DType::kInt16; };
template <> struct DTypeTag<uint16_t> { static constexpr DType value = DType::kUint16; };
template <> struct DTypeTag<int32_t> { static constexpr DType value = DType::kInt32; };
template <> struct DTypeTag<uint32_t> { static constexpr DType value = DType::kUint32; };
template <> struct DTypeTag<int64_t> { static constexpr DType value = DType::kInt64; };
template <> struct DTypeTag<uint64_t> { static constexpr DType value = DType::kUint64; };
template <> struct DTypeTag<half> { static constexpr DType value = DType::kHalf; };
template <> struct DTypeTag<bfloat16_t> { static constexpr DType value = DType::kBfloat16; };
template <> struct DTypeTag<float> { static constexpr DType value = DType::kFloat; };
template <> struct DTypeTag<bool> { static constexpr DType value = DType::kBool; };

template <class T>
inline constexpr DType kDTypeOf = DTypeTag<std::remove_cv_t<T>>::value;

template <class T, class... Allowed>
inline constexpr bool kIsOneOf = (std::is_same_v<T, Allowed> || ...);

}  // namespace ascendc_sim

// The dtype check every API performs, worded like CANN's static_assert.
#define ASCENDC_SIM_CHECK_DTYPE(api, T, ...)                                                     \
  static_assert(::ascendc_sim::kIsOneOf<T, __VA_ARGS__>, "Failed to check dtype in " api        \
                ", current api support dtype combination is " #__VA_ARGS__)
