// The vector unit's summation order (CANN's ReduceSum documentation), shared by the reductions and
// the high-level APIs built on them: the lanes of one 256-byte repeat are added as a binary tree of
// adjacent pairs, (l0+l1), (l2+l3), ..., then pairs of those sums, until one value is left. Every
// addition is rounded to the element type; fp16 additions that overflow saturate to ±65504 (CANN:
// 60000+60000 gives 65504, then + (-29900) gives 35604).
#pragma once
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "ascendc_sim/scalar_types.h"

namespace ascendc_sim {

template <class T>
float AddInType(float a, float b) {
  constexpr float kHalfMax = 65504.0f;
  const float sum = float(T(a + b));
  if constexpr (std::is_same_v<T, half>) {
    if (std::isinf(sum) && std::isfinite(a) && std::isfinite(b)) return std::copysign(kHalfMax, sum);
  }
  return sum;
}

// The adder tree of one repeat; `count` is a power of two and `values` is overwritten.
template <class T>
float TreeSum(float* values, uint32_t count) {
  for (uint32_t width = count; width > 1; width /= 2) {
    for (uint32_t i = 0; i < width / 2; ++i) values[i] = AddInType<T>(values[2 * i], values[2 * i + 1]);
  }
  return values[0];
}

// The sum of `count` values as repeated whole-repeat reductions give it: each repeat's tree (a short
// last repeat padded with zeros), then the same over the repeat sums, until one value is left.
template <class T>
float RepeatedTreeSum(std::vector<float> values) {
  constexpr uint32_t kLanes = 256 / sizeof(T);
  if (values.empty()) return 0.0f;
  float lanes[kLanes];
  while (values.size() > 1) {
    std::vector<float> sums((values.size() + kLanes - 1) / kLanes);
    for (size_t group = 0; group < sums.size(); ++group) {
      for (uint32_t lane = 0; lane < kLanes; ++lane) {
        const size_t i = group * kLanes + lane;
        lanes[lane] = i < values.size() ? values[i] : 0.0f;
      }
      sums[group] = TreeSum<T>(lanes, kLanes);
    }
    values.swap(sums);
  }
  return values[0];
}

}  // namespace ascendc_sim
