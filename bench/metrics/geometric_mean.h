// The geometric mean of positive values, through the mean of their logarithms: speedups average by
// it, so that 2x faster on one case and 2x slower on another make 1.
#pragma once
#include <cmath>
#include <optional>

namespace akgen::bench {

class GeometricMean {
 public:
  void Add(double positive) {
    if (count_ == 0) first_ = positive;
    logSum_ += std::log(positive);
    ++count_;
  }
  int Count() const { return count_; }
  // One value is its own mean, exactly (exp(log(x)) need not be x).
  std::optional<double> Value() const {
    if (count_ == 0) return std::nullopt;
    if (count_ == 1) return first_;
    return std::exp(logSum_ / count_);
  }

 private:
  double first_ = 0;
  double logSum_ = 0;
  int count_ = 0;
};

}  // namespace akgen::bench
