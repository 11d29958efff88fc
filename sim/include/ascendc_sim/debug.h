// Kernel-side assertions and printing.
#pragma once
#include <cassert>
#include <type_traits>

#include "ascendc_sim/runtime.h"
#include "ascendc_sim/scalar_types.h"

namespace ascendc_sim::rt {
void Print(const char* format, ...);
}  // namespace ascendc_sim::rt

// As in CANN: checked in CPU-debug builds, compiled away in device builds.
#if defined(ASCENDC_CPU_DEBUG) && ASCENDC_CPU_DEBUG
#define ASSERT(expression) \
  ::ascendc_sim::rt::Assert(bool(expression), #expression, ::ascendc_sim::MakeSite("ASSERT", std::source_location::current()))
#else
#define ASSERT(expression)
#endif
#define ascendc_assert(expression) ASSERT(expression)

// Branch hints CANN's headers provide.
#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif

namespace ascendc_sim {
// 16-bit floats cannot pass through C varargs; print them as double, like %f expects.
template <class T>
auto PrintArgument(T value) {
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) {
    return double(float(value));
  } else {
    return value;
  }
}
}  // namespace ascendc_sim

namespace AscendC {
template <class... Args>
void PRINTF(const char* format, Args... args) {
  ascendc_sim::rt::Print(format, ascendc_sim::PrintArgument(args)...);
}
template <class... Args>
void printf(const char* format, Args... args) {
  PRINTF(format, args...);
}
}  // namespace AscendC
