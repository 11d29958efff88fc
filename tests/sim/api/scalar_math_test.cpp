// The global scalar sqrt kernel code gets from the NPU compiler: float (correctly rounded) and
// int64_t (the truncated root).
#include <gtest/gtest.h>

#include <cstdint>

#include "kernel_operator.h"

namespace {

TEST(ScalarMathTest, FloatSqrtIsCorrectlyRounded) {
  EXPECT_EQ(sqrt(4.0f), 2.0f);
  EXPECT_EQ(sqrt(2.0f), 1.41421354f);
}

TEST(ScalarMathTest, Int64SqrtTruncates) {
  EXPECT_EQ(sqrt(int64_t(0)), 0);
  EXPECT_EQ(sqrt(int64_t(48)), 6);
  EXPECT_EQ(sqrt(int64_t(49)), 7);
  EXPECT_EQ(sqrt(int64_t(1) << 62), int64_t(1) << 31);
  EXPECT_EQ(sqrt(INT64_MAX), 3037000499);
  EXPECT_EQ(sqrt(int64_t(3037000499) * 3037000499 - 1), 3037000498);
}

}  // namespace
