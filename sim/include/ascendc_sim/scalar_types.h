// The NPU's 16-bit floating types. Conversions round to nearest, ties to even, as the vector unit
// does; arithmetic goes through float, which is exact before the single rounding back.
#pragma once
#include <cstdint>
#include <type_traits>

namespace ascendc_sim {

constexpr uint16_t FloatToHalfBits(float value) {
  const uint32_t x = __builtin_bit_cast(uint32_t, value);
  const uint32_t sign = (x >> 16) & 0x8000u;
  const uint32_t exponent = (x >> 23) & 0xffu;
  uint32_t mantissa = x & 0x7fffffu;
  if (exponent == 0xffu) return uint16_t(sign | 0x7c00u | (mantissa ? 0x200u | (mantissa >> 13) : 0u));
  const int e = int(exponent) - 127 + 15;
  if (e >= 31) return uint16_t(sign | 0x7c00u);
  if (e <= 0) {
    if (e < -10) return uint16_t(sign);
    mantissa |= 0x800000u;
    const uint32_t shift = uint32_t(14 - e);
    uint32_t result = mantissa >> shift;
    const uint32_t rest = mantissa & ((1u << shift) - 1u);
    const uint32_t halfway = 1u << (shift - 1u);
    if (rest > halfway || (rest == halfway && (result & 1u))) ++result;
    return uint16_t(sign | result);
  }
  uint32_t result = sign | (uint32_t(e) << 10) | (mantissa >> 13);
  const uint32_t rest = mantissa & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (result & 1u))) ++result;
  return uint16_t(result);
}

constexpr float HalfBitsToFloat(uint16_t bits) {
  const uint32_t sign = uint32_t(bits & 0x8000u) << 16;
  const uint32_t exponent = (bits >> 10) & 0x1fu;
  uint32_t mantissa = bits & 0x3ffu;
  uint32_t x = 0;
  if (exponent == 0x1fu) {
    x = sign | 0x7f800000u | (mantissa << 13);
  } else if (exponent == 0) {
    if (mantissa == 0) {
      x = sign;
    } else {
      uint32_t shifts = 0;
      while (!(mantissa & 0x400u)) { mantissa <<= 1; ++shifts; }
      x = sign | ((113u - shifts) << 23) | ((mantissa & 0x3ffu) << 13);
    }
  } else {
    x = sign | ((exponent + 112u) << 23) | (mantissa << 13);
  }
  return __builtin_bit_cast(float, x);
}

constexpr uint16_t FloatToBfloat16Bits(float value) {
  const uint32_t x = __builtin_bit_cast(uint32_t, value);
  if ((x & 0x7fffffffu) > 0x7f800000u) return uint16_t((x >> 16) | 0x40u);
  return uint16_t((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}

constexpr float Bfloat16BitsToFloat(uint16_t bits) { return __builtin_bit_cast(float, uint32_t(bits) << 16); }

template <class T>
inline constexpr bool kIsArithmetic = std::is_arithmetic_v<T>;

// One template for both 16-bit types: they differ only in their bit conversions. Each type is a
// distinct named struct so compiler messages say `half` or `bfloat16_t`.
template <class Derived, uint16_t (*kEncode)(float), float (*kDecode)(uint16_t)>
struct Float16Storage {
  uint16_t bits = 0;

  constexpr Float16Storage() = default;
  template <class T>
    requires kIsArithmetic<T>
  constexpr Float16Storage(T value) : bits(kEncode(float(value))) {}
  // From the other 16-bit float type, through float (exact), as the NPU compiler converts.
  template <class Other, uint16_t (*kOtherEncode)(float), float (*kOtherDecode)(uint16_t)>
    requires(!std::is_same_v<Other, Derived>)
  constexpr Float16Storage(const Float16Storage<Other, kOtherEncode, kOtherDecode>& value)
      : bits(kEncode(kOtherDecode(value.bits))) {}
  static constexpr Derived FromBits(uint16_t raw) {
    Derived result;
    result.bits = raw;
    return result;
  }
  constexpr operator float() const { return kDecode(bits); }

  constexpr Derived& operator+=(float other) { return Self() = Derived(float(*this) + other); }
  constexpr Derived& operator-=(float other) { return Self() = Derived(float(*this) - other); }
  constexpr Derived& operator*=(float other) { return Self() = Derived(float(*this) * other); }
  constexpr Derived& operator/=(float other) { return Self() = Derived(float(*this) / other); }
  constexpr Derived operator-() const { return FromBits(uint16_t(bits ^ 0x8000u)); }

 private:
  constexpr Derived& Self() { return static_cast<Derived&>(*this); }
};

}  // namespace ascendc_sim

struct half : ascendc_sim::Float16Storage<half, ascendc_sim::FloatToHalfBits, ascendc_sim::HalfBitsToFloat> {
  using Float16Storage::Float16Storage;
};
struct bfloat16_t
    : ascendc_sim::Float16Storage<bfloat16_t, ascendc_sim::FloatToBfloat16Bits, ascendc_sim::Bfloat16BitsToFloat> {
  using Float16Storage::Float16Storage;
};

// The element of a DT_COMPLEX64 tensor (DTYPE_X of such an input): interleaved float parts, as
// torch stores them. AI-core vector instructions have no complex form; kernels move these
// elements whole or reinterpret them as float pairs.
struct alignas(8) complex64 {
  float real;
  float imag;
};

// Not in CANN's open headers but provided by the NPU compiler environment; real kernels use them.
using float16_t = half;
using float32_t = float;
