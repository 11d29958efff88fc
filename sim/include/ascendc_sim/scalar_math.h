// Scalar math the NPU compiler gives kernel code at global scope, served by the AI Core's scalar
// unit: sqrt of float and of int64_t (AscendC::Std::sqrt forwards to it). The host's <cmath> stays
// hidden, so sqrtf, std::sqrt and the double overload are undeclared unless the kernel includes
// them. A template, so a kernel that does include <cmath> gets no conflicting redeclaration.
#pragma once
#include <cstdint>
#include <type_traits>

template <class T>
  requires(std::is_same_v<T, float> || std::is_same_v<T, int64_t>)
T sqrt(T value) {
  if constexpr (std::is_same_v<T, float>) {
    return __builtin_sqrtf(value);
  } else {
    // The integer root, truncated. Negative inputs have no defined result on the NPU; 0 here.
    if (value <= 0) return 0;
    // The double estimate can be one off either way; squares are compared unsigned, which holds them.
    const uint64_t target = uint64_t(value);
    uint64_t root = uint64_t(__builtin_sqrt(double(value)));
    while (root * root > target) --root;
    while ((root + 1) * (root + 1) <= target) ++root;
    return int64_t(root);
  }
}

// min and max of two scalars of one type, as the NPU compiler offers them to kernel code (Catlass
// kernels call them unqualified). Templates, so a kernel's own min or max, or std::min after
// `using namespace std`, is no conflicting redeclaration.
template <class T>
  requires std::is_arithmetic_v<T>
constexpr T min(T a, T b) {
  return b < a ? b : a;
}
template <class T>
  requires std::is_arithmetic_v<T>
constexpr T max(T a, T b) {
  return a < b ? b : a;
}
