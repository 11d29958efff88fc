// gert::Shape: up to 8 dimensions, as CANN's runtime shape (kMaxDimNum = 8).
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace gert {

class Shape {
 public:
  static constexpr size_t kMaxDimNum = 8;
  static constexpr int64_t kInvalidDimValue = INT64_MIN;

  Shape() = default;
  Shape(std::initializer_list<int64_t> dims) {
    for (int64_t dim : dims) AppendDim(dim);
  }

  size_t GetDimNum() const { return dimNum_; }
  void SetDimNum(size_t dimNum) { dimNum_ = dimNum > kMaxDimNum ? kMaxDimNum : dimNum; }
  int64_t GetDim(size_t index) const { return index < dimNum_ ? dims_[index] : kInvalidDimValue; }
  void SetDim(size_t index, int64_t value) {
    if (index < kMaxDimNum) dims_[index] = value;
  }
  Shape& AppendDim(int64_t value) {
    if (dimNum_ < kMaxDimNum) dims_[dimNum_++] = value;
    return *this;
  }
  // A scalar (no dimensions) holds one element.
  int64_t GetShapeSize() const {
    int64_t size = 1;
    for (size_t i = 0; i < dimNum_; ++i) size *= dims_[i];
    return size;
  }
  bool IsScalar() const { return dimNum_ == 0; }
  const int64_t& operator[](size_t index) const { return dims_[index]; }
  int64_t& operator[](size_t index) { return dims_[index]; }
  bool operator==(const Shape& other) const {
    if (dimNum_ != other.dimNum_) return false;
    for (size_t i = 0; i < dimNum_; ++i) {
      if (dims_[i] != other.dims_[i]) return false;
    }
    return true;
  }
  bool operator!=(const Shape& other) const { return !(*this == other); }

 private:
  size_t dimNum_ = 0;
  int64_t dims_[kMaxDimNum] = {};
};

}  // namespace gert
