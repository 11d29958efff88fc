#include "bench/compare/element_value.h"

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace akgen::bench {
namespace {

template <typename T>
T Load(const std::byte* data, size_t index) {
  T value;
  std::memcpy(&value, data + index * sizeof(T), sizeof(T));  // buffers need not be aligned
  return value;
}

}  // namespace

double HalfBitsToDouble(uint16_t bits) {
  const int exponent = (bits >> 10) & 0x1f;
  const int mantissa = bits & 0x3ff;
  const double sign = (bits & 0x8000) != 0 ? -1.0 : 1.0;
  if (exponent == 0x1f)
    return mantissa != 0 ? std::numeric_limits<double>::quiet_NaN() : sign * std::numeric_limits<double>::infinity();
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);  // subnormal
  return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

double BFloat16BitsToDouble(uint16_t bits) { return std::bit_cast<float>(uint32_t{bits} << 16); }

ElementValue ReadElement(TorchDtype dtype, const std::byte* data, size_t index) {
  switch (dtype) {
    case TorchDtype::Float16:
      return {HalfBitsToDouble(Load<uint16_t>(data, index))};
    case TorchDtype::BFloat16:
      return {BFloat16BitsToDouble(Load<uint16_t>(data, index))};
    case TorchDtype::Float32:
      return {Load<float>(data, index)};
    case TorchDtype::Float64:
      return {Load<double>(data, index)};
    case TorchDtype::Complex64:
      return {Load<float>(data, 2 * index), Load<float>(data, 2 * index + 1)};
    case TorchDtype::Complex128:
      return {Load<double>(data, 2 * index), Load<double>(data, 2 * index + 1)};
    case TorchDtype::Int8:
      return {double(Load<int8_t>(data, index))};
    case TorchDtype::Int16:
      return {double(Load<int16_t>(data, index))};
    case TorchDtype::Int32:
      return {double(Load<int32_t>(data, index))};
    case TorchDtype::Int64:
      return {double(Load<int64_t>(data, index))};
    case TorchDtype::UInt8:
      return {double(Load<uint8_t>(data, index))};
    case TorchDtype::Bool:
      return {Load<uint8_t>(data, index) != 0 ? 1.0 : 0.0};
  }
  return {};
}

namespace {

template <typename T>
std::vector<std::byte> BytesOf(T value) {
  std::vector<std::byte> bytes(sizeof(T));
  std::memcpy(bytes.data(), &value, sizeof(T));
  return bytes;
}

// bfloat16 is float's upper half, rounded to nearest even; NaN stays a quiet NaN.
uint16_t BFloat16Bits(float value) {
  const auto bits = std::bit_cast<uint32_t>(value);
  if (std::isnan(value)) return static_cast<uint16_t>((bits >> 16) | 0x40);
  return static_cast<uint16_t>((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16);
}

}  // namespace

std::vector<std::byte> EncodeElement(TorchDtype dtype, double value) {
  switch (dtype) {
    case TorchDtype::Float16: return BytesOf(static_cast<_Float16>(value));
    case TorchDtype::BFloat16: return BytesOf(BFloat16Bits(static_cast<float>(value)));
    case TorchDtype::Float32: return BytesOf(static_cast<float>(value));
    case TorchDtype::Float64: return BytesOf(value);
    case TorchDtype::Complex64: return BytesOf(std::array<float, 2>{static_cast<float>(value), 0.0f});
    case TorchDtype::Complex128: return BytesOf(std::array<double, 2>{value, 0.0});
    case TorchDtype::Int8: return BytesOf(static_cast<int8_t>(value));
    case TorchDtype::Int16: return BytesOf(static_cast<int16_t>(value));
    case TorchDtype::Int32: return BytesOf(static_cast<int32_t>(value));
    case TorchDtype::Int64: return BytesOf(static_cast<int64_t>(value));
    case TorchDtype::UInt8: return BytesOf(static_cast<uint8_t>(value));
    case TorchDtype::Bool: return BytesOf(static_cast<uint8_t>(value != 0));
  }
  return {};
}

}  // namespace akgen::bench
