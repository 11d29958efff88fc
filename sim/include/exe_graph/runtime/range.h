// gert::Range<T>: the least and greatest value of something not known exactly at compile time,
// such as a dynamic tensor shape. It points to its bounds; it does not own them.
#pragma once

namespace gert {

template <class T>
class Range {
 public:
  Range() = default;
  Range(T* min, T* max) : min_(min), max_(max) {}

  const T* GetMin() const { return min_; }
  T* GetMin() { return min_; }
  const T* GetMax() const { return max_; }
  T* GetMax() { return max_; }
  void SetMin(T* min) { min_ = min; }
  void SetMax(T* max) { max_ = max; }

 private:
  T* min_ = nullptr;
  T* max_ = nullptr;
};

}  // namespace gert
