// Element access for the runtime's vector implementations: values are loaded into a wide compute
// type (float for floating types, int64_t for integers) and rounded once when stored.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ascendc_sim/dtype.h"
#include "diagnostics.h"

namespace ascendc_sim {

template <class T>
inline constexpr bool kIsFloating = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> || std::is_same_v<T, float>;

template <class T>
using Wide = std::conditional_t<kIsFloating<T>, float, int64_t>;

template <class T>
T LoadRaw(const uint8_t* address) {
  T value;
  std::memcpy(&value, address, sizeof(T));
  return value;
}

template <class T>
void StoreRaw(uint8_t* address, T value) {
  std::memcpy(address, &value, sizeof(T));
}

template <class T>
Wide<T> Load(const uint8_t* address) {
  return static_cast<Wide<T>>(LoadRaw<T>(address));
}

template <class T>
void Store(uint8_t* address, Wide<T> value) {
  if constexpr (kIsFloating<T>) {
    StoreRaw<T>(address, T(value));
  } else if constexpr (std::is_same_v<T, bool>) {
    StoreRaw<T>(address, value != 0);
  } else {
    StoreRaw<T>(address, static_cast<T>(static_cast<std::make_unsigned_t<T>>(value)));
  }
}

const char* DTypeName(DType type);

// Calls `visit.template operator()<T>()` with the C++ type of `type`.
template <class Visit>
void WithType(DType type, Visit&& visit) {
  switch (type) {
    case DType::kInt8: visit.template operator()<int8_t>(); return;
    case DType::kUint8: visit.template operator()<uint8_t>(); return;
    case DType::kInt16: visit.template operator()<int16_t>(); return;
    case DType::kUint16: visit.template operator()<uint16_t>(); return;
    case DType::kInt32: visit.template operator()<int32_t>(); return;
    case DType::kUint32: visit.template operator()<uint32_t>(); return;
    case DType::kInt64: visit.template operator()<int64_t>(); return;
    case DType::kUint64: visit.template operator()<uint64_t>(); return;
    case DType::kHalf: visit.template operator()<half>(); return;
    case DType::kBfloat16: visit.template operator()<bfloat16_t>(); return;
    case DType::kFloat: visit.template operator()<float>(); return;
    case DType::kBool: visit.template operator()<bool>(); return;
  }
}

uint32_t DTypeBytes(DType type);

}  // namespace ascendc_sim
