// gert::TypedContinuousVector: the list value of a list attribute (ListInt, ListFloat).
#pragma once
#include <cstddef>
#include <vector>

namespace gert {

template <class T>
class TypedContinuousVector {
 public:
  TypedContinuousVector() = default;
  explicit TypedContinuousVector(std::vector<T> values) : values_(std::move(values)) {}
  size_t GetSize() const { return values_.size(); }
  size_t GetCapacity() const { return values_.capacity(); }
  const T* GetData() const { return values_.data(); }

 private:
  std::vector<T> values_;
};

using ContinuousVector = TypedContinuousVector<int64_t>;

}  // namespace gert
