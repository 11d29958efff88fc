// Cast: every conversion goes through an exact intermediate (sign, integer magnitude, binary
// exponent), then rounds once to the destination grid under the RoundMode. That reproduces the
// vector unit's directed roundings, which float arithmetic (nearest-even only) cannot.
#include "ascendc_sim/vec_cast.h"

#include <cstring>
#include <limits>

#include "diagnostics.h"
#include "element.h"
#include "launch_state.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

using AscendC::RoundMode;

// sign * magnitude * 2^exponent, exact for every supported source dtype.
struct Exact {
  enum class Kind : uint8_t { kFinite, kInfinite, kNaN };
  Kind kind = Kind::kFinite;
  bool negative = false;
  uint64_t magnitude = 0;
  int32_t exponent = 0;
};

struct FloatFormat {
  uint32_t precision;  // significand bits including the implicit one
  uint32_t exponentBits;
  int32_t minExponent;  // of the smallest normal number
  int32_t maxExponent;
  int32_t bias;
};
constexpr FloatFormat kHalfFormat{11, 5, -14, 15, 15};
constexpr FloatFormat kBfloat16Format{8, 8, -126, 127, 127};
constexpr FloatFormat kFloatFormat{24, 8, -126, 127, 127};

template <class T>
constexpr const FloatFormat& FormatOf() {
  if constexpr (std::is_same_v<T, half>) return kHalfFormat;
  else if constexpr (std::is_same_v<T, bfloat16_t>) return kBfloat16Format;
  else return kFloatFormat;
}

uint32_t BitLength(uint64_t value) { return value == 0 ? 0 : 64 - uint32_t(__builtin_clzll(value)); }

Exact DecodeFloatBits(uint64_t bits, const FloatFormat& format) {
  const uint32_t mantissaBits = format.precision - 1;
  const uint64_t mantissa = bits & ((uint64_t(1) << mantissaBits) - 1);
  const uint64_t exponentMask = (uint64_t(1) << format.exponentBits) - 1;
  const uint64_t exponentField = (bits >> mantissaBits) & exponentMask;
  Exact value;
  value.negative = ((bits >> (mantissaBits + format.exponentBits)) & 1) != 0;
  if (exponentField == exponentMask) {
    value.kind = mantissa ? Exact::Kind::kNaN : Exact::Kind::kInfinite;
  } else if (exponentField == 0) {
    value.magnitude = mantissa;
    value.exponent = format.minExponent - int32_t(mantissaBits);
  } else {
    value.magnitude = mantissa | (uint64_t(1) << mantissaBits);
    value.exponent = int32_t(exponentField) - format.bias - int32_t(mantissaBits);
  }
  return value;
}

// magnitude / 2^shift rounded to an integer under `mode`; `negative` is the sign of the value.
uint64_t RoundShifted(uint64_t magnitude, uint32_t shift, bool negative, RoundMode mode) {
  if (shift == 0) return magnitude;
  uint64_t kept = 0;
  bool inexact = magnitude != 0;
  bool aboveHalf = false;
  bool atHalf = false;
  if (shift < 64) {
    kept = magnitude >> shift;
    const uint64_t rest = magnitude & ((uint64_t(1) << shift) - 1);
    const uint64_t halfway = uint64_t(1) << (shift - 1);
    inexact = rest != 0;
    aboveHalf = rest > halfway;
    atHalf = rest == halfway;
  } else if (shift == 64) {
    aboveHalf = magnitude > (uint64_t(1) << 63);
    atHalf = magnitude == (uint64_t(1) << 63);
  }
  switch (mode) {
    case RoundMode::CAST_NONE:
    case RoundMode::CAST_RINT: return kept + ((aboveHalf || (atHalf && (kept & 1))) ? 1 : 0);
    case RoundMode::CAST_ROUND: return kept + ((aboveHalf || atHalf) ? 1 : 0);
    case RoundMode::CAST_FLOOR: return kept + ((negative && inexact) ? 1 : 0);
    case RoundMode::CAST_CEIL: return kept + ((!negative && inexact) ? 1 : 0);
    case RoundMode::CAST_TRUNC: return kept;
    case RoundMode::CAST_ODD: return inexact ? (kept | 1) : kept;
  }
  return kept;
}

// Rounds to the format; finite overflow saturates to the largest finite value, as the A2 vector
// unit does by default ("溢出默认按照饱和处理" in CANN's Cast documentation).
uint64_t EncodeFloatBits(const Exact& value, const FloatFormat& format, RoundMode mode) {
  const uint32_t mantissaBits = format.precision - 1;
  const uint64_t mantissaMask = (uint64_t(1) << mantissaBits) - 1;
  const uint64_t exponentMask = (uint64_t(1) << format.exponentBits) - 1;
  const uint64_t sign = uint64_t(value.negative) << (mantissaBits + format.exponentBits);
  if (value.kind == Exact::Kind::kNaN) return (exponentMask << mantissaBits) | (uint64_t(1) << (mantissaBits - 1));
  if (value.kind == Exact::Kind::kInfinite) return sign | (exponentMask << mantissaBits);
  if (value.magnitude == 0) return sign;
  const int32_t leading = value.exponent + int32_t(BitLength(value.magnitude)) - 1;
  const int32_t lowestQuantum = format.minExponent - int32_t(mantissaBits);
  int32_t quantum = leading - int32_t(mantissaBits) > lowestQuantum ? leading - int32_t(mantissaBits) : lowestQuantum;
  uint64_t kept = quantum <= value.exponent
                      ? value.magnitude << (value.exponent - quantum)
                      : RoundShifted(value.magnitude, uint32_t(quantum - value.exponent), value.negative, mode);
  if (kept >> format.precision) {  // rounding carried into a new binade
    kept >>= 1;
    ++quantum;
  }
  if (kept == 0) return sign;
  if (quantum + int32_t(BitLength(kept)) - 1 > format.maxExponent) {
    return sign | ((exponentMask - 1) << mantissaBits) | mantissaMask;
  }
  const bool normal = kept >> mantissaBits;
  const uint64_t biased = normal ? uint64_t(quantum + int32_t(mantissaBits) + format.bias) : 0;
  return sign | (biased << mantissaBits) | (kept & mantissaMask);
}

// Rounds to an integer and saturates to T's range; NaN becomes 0.
template <class T>
T EncodeInteger(const Exact& value, RoundMode mode) {
  constexpr T kMin = std::numeric_limits<T>::min();
  constexpr T kMax = std::numeric_limits<T>::max();
  if (value.kind == Exact::Kind::kNaN) return T(0);
  if (value.kind == Exact::Kind::kInfinite) return value.negative ? kMin : kMax;
  uint64_t magnitude = 0;
  if (value.exponent < 0) {
    magnitude = RoundShifted(value.magnitude, uint32_t(-value.exponent), value.negative, mode);
  } else if (value.magnitude != 0) {
    if (value.exponent >= 64 || BitLength(value.magnitude) + uint32_t(value.exponent) > 64) {
      return value.negative ? kMin : kMax;
    }
    magnitude = value.magnitude << value.exponent;
  }
  if (value.negative) {
    const uint64_t limit = uint64_t(0) - uint64_t(int64_t(kMin));  // |kMin|, 0 for unsigned T
    return magnitude > limit ? kMin : T(int64_t(0 - magnitude));
  }
  return magnitude > uint64_t(kMax) ? kMax : T(magnitude);
}

Exact Decode(DType type, const uint8_t* address) {
  Exact value;
  WithType(type, [&]<class T>() {
    if constexpr (kIsFloating<T>) {
      uint64_t bits = 0;
      std::memcpy(&bits, address, sizeof(T));
      value = DecodeFloatBits(bits, FormatOf<T>());
    } else {
      const int64_t integer = int64_t(LoadRaw<T>(address));
      value.negative = integer < 0;
      value.magnitude = value.negative ? uint64_t(0) - uint64_t(integer) : uint64_t(integer);
    }
  });
  return value;
}

void Encode(DType type, uint8_t* address, const Exact& value, RoundMode mode) {
  WithType(type, [&]<class T>() {
    if constexpr (kIsFloating<T>) {
      const uint64_t bits = EncodeFloatBits(value, FormatOf<T>(), mode);
      std::memcpy(address, &bits, sizeof(T));
    } else if constexpr (!std::is_same_v<T, bool>) {
      StoreRaw<T>(address, EncodeInteger<T>(value, mode));
    }
  });
}

// float -> float rounds to an integral value and stays float.
Exact RoundToIntegral(Exact value, RoundMode mode) {
  if (value.kind != Exact::Kind::kFinite || value.exponent >= 0) return value;
  value.magnitude = RoundShifted(value.magnitude, uint32_t(-value.exponent), value.negative, mode);
  value.exponent = 0;
  return value;
}

bool IsFloating(DType type) { return type == DType::kHalf || type == DType::kBfloat16 || type == DType::kFloat; }

const char* RoundModeName(RoundMode mode) {
  switch (mode) {
    case RoundMode::CAST_NONE: return "CAST_NONE";
    case RoundMode::CAST_RINT: return "CAST_RINT";
    case RoundMode::CAST_FLOOR: return "CAST_FLOOR";
    case RoundMode::CAST_CEIL: return "CAST_CEIL";
    case RoundMode::CAST_ROUND: return "CAST_ROUND";
    case RoundMode::CAST_TRUNC: return "CAST_TRUNC";
    case RoundMode::CAST_ODD: return "CAST_ODD";
  }
  return "an unknown RoundMode";
}

// The RoundMode checks CANN's CPU-debug build asserts. Exact widenings accept every mode.
// value * scale, exact (an int32 magnitude times a half significand fits in 64 bits).
Exact Scaled(const Exact& value, const Exact& scale) {
  Exact product;
  product.negative = value.negative != scale.negative;
  if (scale.kind == Exact::Kind::kNaN || (scale.kind == Exact::Kind::kInfinite && value.magnitude == 0)) {
    product.kind = Exact::Kind::kNaN;
  } else if (scale.kind == Exact::Kind::kInfinite) {
    product.kind = Exact::Kind::kInfinite;
  } else {
    product.magnitude = value.magnitude * scale.magnitude;
    product.exponent = value.exponent + scale.exponent;
  }
  return product;
}

void CheckRoundMode(DType dstType, DType srcType, RoundMode mode, const Site& site) {
  if (uint8_t(mode) > uint8_t(RoundMode::CAST_ODD)) {
    RaiseError("bad-parameter", site, Format("RoundMode value %u is not a RoundMode of Atlas A2", unsigned(mode)));
  }
  const bool toInteger = IsFloating(srcType) && !IsFloating(dstType);
  const bool toIntegral = srcType == DType::kFloat && dstType == DType::kFloat;
  // half -> int8/uint8 also has a CAST_NONE form (rint); the other float -> integer ones need a mode.
  const bool noneAllowed = !(toInteger || toIntegral) || (srcType == DType::kHalf && dstType != DType::kInt32 &&
                                                         dstType != DType::kInt16);
  const bool oddAllowed = srcType == DType::kFloat && (dstType == DType::kHalf || dstType == DType::kBfloat16);
  if ((mode == RoundMode::CAST_NONE && !noneAllowed) || (mode == RoundMode::CAST_ODD && !oddAllowed)) {
    RaiseError("bad-parameter", site,
               Format("Cast from %s to %s does not support RoundMode::%s; %s", DTypeName(srcType), DTypeName(dstType),
                      RoundModeName(mode),
                      toInteger || toIntegral ? "say how to round to an integer: CAST_RINT, CAST_FLOOR, CAST_CEIL, "
                                                "CAST_ROUND or CAST_TRUNC"
                                              : "CAST_ODD exists only for float to half/bfloat16_t"));
  }
}

}  // namespace

namespace rt {

void SetDeqScale(uint16_t scaleBits) { CurrentBlock().deqScaleBits = scaleBits; }

void VecCast(DType dstType, DType srcType, uint8_t roundMode, const LocalRef& dst, const LocalRef& src,
             const VecShape& shape, Site site) {
  RoundMode mode = RoundMode(roundMode);
  CheckRoundMode(dstType, srcType, mode, site);
  // int32 -> half goes through the dequantisation unit: it multiplies by DEQSCALE and rounds to
  // nearest whatever the mode.
  const bool dequantise = srcType == DType::kInt32 && dstType == DType::kHalf;
  if (dequantise) mode = RoundMode::CAST_NONE;
  const Exact deqScale = DecodeFloatBits(CurrentBlock().deqScaleBits, kHalfFormat);
  const bool toIntegral = srcType == DType::kFloat && dstType == DType::kFloat;
  const uint32_t dstBytes = DTypeBytes(dstType);
  const uint32_t srcBytes = DTypeBytes(srcType);
  VecOperand operands[2] = {
      {&dst, dstBytes, shape.dstBlkStride, shape.dstRepStride, false, true},
      {&src, srcBytes, shape.src0BlkStride, shape.src0RepStride, true, false},
  };
  ForEachElement(VecCost::kConvert, shape, operands, 2, site, [&](const uint64_t* offsets) {
    const Exact source = Decode(srcType, src.address + offsets[1]);
    const Exact value = dequantise ? Scaled(source, deqScale) : source;
    Encode(dstType, dst.address + offsets[0], toIntegral ? RoundToIntegral(value, mode) : value, mode);
  });
}

}  // namespace rt
}  // namespace ascendc_sim
