// Kernel-side assertions and printing.
#pragma once
#include "ascendc_sim/runtime.h"

namespace ascendc_sim::rt {
void Print(const char* format, ...);
}  // namespace ascendc_sim::rt

#define ASSERT(expression) \
  ::ascendc_sim::rt::Assert(bool(expression), #expression, ::ascendc_sim::MakeSite("ASSERT", std::source_location::current()))
#define ascendc_assert(expression) ASSERT(expression)

namespace AscendC {
template <class... Args>
void PRINTF(const char* format, Args... args) {
  ascendc_sim::rt::Print(format, args...);
}
template <class... Args>
void printf(const char* format, Args... args) {
  ascendc_sim::rt::Print(format, args...);
}
}  // namespace AscendC
