#include <gtest/gtest.h>

#include <cmath>

// Kernels reach AscendCUtils through CANN's own header name as well as through kernel_operator.h.
#include "kernel_test_support.h"
#include "kernel_utils.h"

using namespace AscendC;

namespace {

using simtest::Ramp;
using simtest::RunOnUb;

TEST(AscendCUtilsTest, BlockGeometry) {
  EXPECT_EQ(AscendCUtils::GetC0Size(), 32);
  EXPECT_EQ(AscendCUtils::GetC0Count(sizeof(half)), 16);
  EXPECT_EQ(AscendCUtils::GetC0Count(sizeof(float)), 8);
  EXPECT_EQ(AscendCUtils::GetBitSize(sizeof(float)), 32);
  EXPECT_EQ(AscendCUtils::GetDefaultBlockNum(), 8);
}

// Returns, per element of two half repeats, whether Abs under the mask SetMask<half>(len) wrote it.
std::vector<bool> HalfLanesWritten(int32_t len) {
  const auto inputs = simtest::Convert<half>(Ramp(256));
  const auto run =
      RunOnUb<half, half>(inputs, std::vector<half>(256, half(0.5f)), [&](const auto& dst, const auto& src) {
        AscendCUtils::SetMask<half>(len);
        Abs<half, false>(dst, src, MASK_PLACEHOLDER, 2, UnaryRepeatParams());
        AscendCUtils::ResetMask();
      });
  EXPECT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  std::vector<bool> written;
  for (uint32_t i = 0; i < 256; ++i) written.push_back(float(run.dst[i]) == std::fabs(float(inputs[i])));
  return written;
}

TEST(AscendCUtilsTest, LengthMaskSelectsLeadingLanesOfEveryRepeat) {
  for (const int32_t len : {1, 40, 64, 100, 128}) {
    const std::vector<bool> written = HalfLanesWritten(len);
    for (uint32_t i = 0; i < 256; ++i) ASSERT_EQ(written[i], int32_t(i % 128) < len) << "len " << len << " lane " << i;
  }
}

TEST(AscendCUtilsTest, LengthMaskSaturatesAtTheRegisterWidth) {
  const std::vector<bool> written = HalfLanesWritten(300);
  for (uint32_t i = 0; i < 256; ++i) ASSERT_TRUE(written[i]) << i;
}

// For 32-bit types CANN writes the lanes past 64 into the high word as well, which the hardware
// ignores, instead of rejecting the length as SetVectorMask<float>(len) does.
TEST(AscendCUtilsTest, LengthMaskBeyondFloatLanesCoversTheWholeRepeat) {
  const auto inputs = Ramp(128);
  const auto run = RunOnUb<float, float>(inputs, std::vector<float>(128, 0.5f), [&](const auto& dst, const auto& src) {
    AscendCUtils::SetMask<float>(100);
    Adds<float, false>(dst, src, 1.0f, MASK_PLACEHOLDER, 2, UnaryRepeatParams());
    AscendCUtils::ResetMask();
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < 128; ++i) ASSERT_EQ(run.dst[i], inputs[i] + 1.0f) << i;
}

TEST(AscendCUtilsTest, BitMaskCounterModeAndSkippedMask) {
  const auto inputs = Ramp(256);
  const auto run = RunOnUb<float, float>(inputs, std::vector<float>(256, 0.5f), [&](const auto& dst, const auto& src) {
    AscendCUtils::SetMask<float>(0, 0b1011);
    AscendCUtils::SetMask<float, false>(0, 0);  // isSetMask=false leaves the register alone
    Adds<float, false>(dst, src, 1.0f, MASK_PLACEHOLDER, 1, UnaryRepeatParams());
    AscendCUtils::SetMaskCount<float>();
    AscendCUtils::SetMask<float>(0, 70);
    Adds<float, false>(dst[128], src[128], 2.0f, MASK_PLACEHOLDER, 1, UnaryRepeatParams());
    AscendCUtils::SetMaskNorm<float>();
    AscendCUtils::ResetMask();
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < 64; ++i) ASSERT_EQ(run.dst[i], (uint64_t(0b1011) >> i) & 1 ? inputs[i] + 1.0f : 0.5f) << i;
  for (uint32_t i = 128; i < 256; ++i) ASSERT_EQ(run.dst[i], i < 198 ? inputs[i] + 2.0f : 0.5f) << i;
}

}  // namespace
