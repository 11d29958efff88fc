#include "element.h"

namespace ascendc_sim {

const char* DTypeName(DType type) {
  switch (type) {
    case DType::kInt8: return "int8_t";
    case DType::kUint8: return "uint8_t";
    case DType::kInt16: return "int16_t";
    case DType::kUint16: return "uint16_t";
    case DType::kInt32: return "int32_t";
    case DType::kUint32: return "uint32_t";
    case DType::kInt64: return "int64_t";
    case DType::kUint64: return "uint64_t";
    case DType::kHalf: return "half";
    case DType::kBfloat16: return "bfloat16_t";
    case DType::kFloat: return "float";
    case DType::kBool: return "bool";
  }
  return "?";
}

uint32_t DTypeBytes(DType type) {
  uint32_t bytes = 0;
  WithType(type, [&]<class T>() { bytes = sizeof(T); });
  return bytes;
}

}  // namespace ascendc_sim
