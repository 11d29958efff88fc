// gert::RuntimeAttrs: an op's attribute values in OpDef declaration order. Each value keeps its
// bytes the way CANN stores them (Int as int64_t, Float as float, Bool as bool, String as chars),
// so GetAttrPointer<T> reads them exactly as real op code does, including narrower integer types.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "exe_graph/runtime/continuous_vector.h"

namespace gert {

struct RuntimeAttrValue {
  std::vector<uint8_t> bytes;  // scalar value or NUL-terminated string
  TypedContinuousVector<int64_t> ints;
  TypedContinuousVector<float> floats;
};

class RuntimeAttrs {
 public:
  RuntimeAttrs() = default;
  explicit RuntimeAttrs(std::vector<RuntimeAttrValue> values) : values_(std::move(values)) {}

  size_t GetAttrNum() const { return values_.size(); }
  template <class T>
  const T* GetAttrPointer(size_t index) const {
    if (index >= values_.size() || values_[index].bytes.empty()) return nullptr;
    return reinterpret_cast<const T*>(values_[index].bytes.data());
  }
  const int64_t* GetInt(size_t index) const { return GetAttrPointer<int64_t>(index); }
  const float* GetFloat(size_t index) const { return GetAttrPointer<float>(index); }
  const bool* GetBool(size_t index) const { return GetAttrPointer<bool>(index); }
  const char* GetStr(size_t index) const { return GetAttrPointer<char>(index); }
  const TypedContinuousVector<int64_t>* GetListInt(size_t index) const {
    return index < values_.size() ? &values_[index].ints : nullptr;
  }
  const TypedContinuousVector<float>* GetListFloat(size_t index) const {
    return index < values_.size() ? &values_[index].floats : nullptr;
  }

 private:
  std::vector<RuntimeAttrValue> values_;
};

}  // namespace gert
