// Kernel code that divides an integer by zero goes on, as on the NPU's scalar unit, with a
// warning after the launch; the results are RISC-V's (all ones, dividend as remainder).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "kernel_test_support.h"

namespace {

// Opaque to the optimiser, so each division is a real DIV/IDIV instruction.
template <class T>
T Opaque(T value) {
  asm volatile("" : "+r"(value));
  return value;
}

TEST(IntegerDivisionTest, DivisionByZeroInKernelCodeContinuesWithAWarning) {
  simtest::GmBuffer<int64_t> out(std::vector<int64_t>(8, 7));
  const auto outcome = simtest::Launch(1, [&] {
    AscendC::GlobalTensor<int64_t> results;
    results.SetGlobalBuffer((__gm__ int64_t*)out.addr(), 8);
    const uint32_t u = Opaque(uint32_t(1234)), uZero = Opaque(uint32_t(0));
    const int64_t s = Opaque(int64_t(-99)), sZero = Opaque(int64_t(0));
    const int32_t minimum = Opaque(INT32_MIN), minusOne = Opaque(int32_t(-1));
    results.SetValue(0, int64_t(u / uZero));
    results.SetValue(1, int64_t(u % uZero));
    results.SetValue(2, s / sZero);
    results.SetValue(3, s % sZero);
    results.SetValue(4, int64_t(minimum / minusOne));
    results.SetValue(5, int64_t(minimum % minusOne));
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(out.values(), (std::vector<int64_t>{0xFFFFFFFF, 1234, -1, -99, INT32_MIN, 0, 7, 7}));
  ASSERT_TRUE(outcome.HasKind("divide-by-zero")) << outcome.Describe();
  // Each DIV gives quotient and remainder, so the count depends on how the compiler paired them.
  EXPECT_NE(outcome.Describe().find("divided an integer by zero"), std::string::npos) << outcome.Describe();
}

TEST(IntegerDivisionTest, ALaunchWithoutDivisionByZeroHasNoWarning) {
  const auto outcome = simtest::Launch(1, [&] { EXPECT_EQ(Opaque(10u) / Opaque(3u), 3u); });
  EXPECT_EQ(outcome.status, 0);
  EXPECT_FALSE(outcome.HasKind("divide-by-zero")) << outcome.Describe();
}

}  // namespace
