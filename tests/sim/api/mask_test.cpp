#include <gtest/gtest.h>

#include <cmath>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

using simtest::Ramp;
using simtest::RunOnUb;

TEST(MaskTest, CounterModeProcessesExactlyTheCountAcrossRepeats) {
  constexpr uint32_t kSize = 256;
  constexpr uint64_t kCount = 150;  // two full float repeats and part of a third
  const auto inputs = Ramp(2 * kSize);
  const auto run =
      RunOnUb<float, float>(inputs, std::vector<float>(kSize, 0.5f), [&](const auto& dst, const auto& src) {
        SetMaskCount();
        SetVectorMask<float, MaskMode::COUNTER>(0, kCount);
        Add<float, false>(dst, src, src[kSize], MASK_PLACEHOLDER, 1, {1, 1, 1, 8, 8, 8});
        SetMaskNorm();
        ResetMask();
      });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < kSize; ++i) {
    ASSERT_EQ(run.dst[i], i < kCount ? inputs[i] + inputs[kSize + i] : 0.5f) << i;
  }
}

TEST(MaskTest, OneArgumentCounterMaskAndRawIntrinsics) {
  constexpr int32_t kCount = 77;
  const auto inputs = Ramp(256);
  const auto run = RunOnUb<float, float>(inputs, std::vector<float>(256, 0.5f), [&](const auto& dst, const auto& src) {
    set_mask_count();
    SetVectorMask<float, MaskMode::COUNTER>(kCount);
    Abs<float, false>(dst, src, MASK_PLACEHOLDER, 1, UnaryRepeatParams());
    set_vector_mask(0, 100);  // the raw intrinsic takes (high, low) like SetVectorMask
    Adds<float, false>(dst[128], src[128], 1.0f, MASK_PLACEHOLDER, 1, UnaryRepeatParams());
    set_mask_norm();
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < 128; ++i) ASSERT_EQ(run.dst[i], i < kCount ? std::fabs(inputs[i]) : 0.5f) << i;
  for (uint32_t i = 128; i < 256; ++i) ASSERT_EQ(run.dst[i], i < 228 ? inputs[i] + 1.0f : 0.5f) << i;
}

TEST(MaskTest, NormalModeRegisterMaskAppliesToEveryRepeat) {
  constexpr uint64_t kHigh = 0x00ff00ff00ff00ffull, kLow = 0x8000000000000003ull;
  const auto inputs = simtest::Convert<half>(Ramp(256));
  const auto run =
      RunOnUb<half, half>(inputs, std::vector<half>(256, half(0.5f)), [&](const auto& dst, const auto& src) {
        SetVectorMask<half>(kHigh, kLow);
        Abs<half, false>(dst, src, MASK_PLACEHOLDER, 2, UnaryRepeatParams());
        ResetMask();
      });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < 256; ++i) {
    const uint32_t lane = i % 128;
    const bool active = ((lane < 64 ? kLow : kHigh) >> (lane % 64)) & 1;
    ASSERT_EQ(float(run.dst[i]), active ? std::fabs(float(inputs[i])) : 0.5f) << i;
  }
}

TEST(MaskTest, NormalModeLengthMaskSelectsLeadingLanes) {
  const auto inputs = simtest::Convert<half>(Ramp(256));
  const auto run =
      RunOnUb<half, half>(inputs, std::vector<half>(256, half(0.5f)), [&](const auto& dst, const auto& src) {
        SetVectorMask<half>(100);
        Relu<half, false>(dst, src, MASK_PLACEHOLDER, 2, UnaryRepeatParams());
      });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < 256; ++i) {
    const float source = float(inputs[i]);
    ASSERT_EQ(float(run.dst[i]), i % 128 < 100 ? (source > 0 ? source : 0.0f) : 0.5f) << i;
  }
}

// CANN's level-2 wrapper ends with ResetMask and SetMaskNorm, so a later isSetMask=false call sees
// a full normal-mode mask whatever was set before.
TEST(MaskTest, Level2CallLeavesNormalModeAndFullMask) {
  const auto inputs = Ramp(256);
  const auto run = RunOnUb<float, float>(inputs, std::vector<float>(256, 0.5f), [&](const auto& dst, const auto& src) {
    SetMaskCount();
    SetVectorMask<float, MaskMode::COUNTER>(0, 10);
    Adds(dst, src, 2.0f, 64);
    Muls<float, false>(dst[64], src[64], 3.0f, MASK_PLACEHOLDER, 3, UnaryRepeatParams());
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < 64; ++i) ASSERT_EQ(run.dst[i], inputs[i] + 2.0f) << i;
  for (uint32_t i = 64; i < 256; ++i) ASSERT_EQ(run.dst[i], inputs[i] * 3.0f) << i;
}

// A level-0 call with isSetMask=true writes the register, as SetVectorMask would.
TEST(MaskTest, Level0MaskStaysInRegisterForLaterCalls) {
  const uint64_t mask[2] = {0xf0ull, 0};
  const auto inputs = Ramp(128);
  const auto run = RunOnUb<float, float>(inputs, std::vector<float>(128, 0.5f), [&](const auto& dst, const auto& src) {
    Abs(dst, src, mask, 1, UnaryRepeatParams());
    Adds<float, false>(dst[64], src[64], 1.0f, MASK_PLACEHOLDER, 1, UnaryRepeatParams());
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < 128; ++i) {
    const bool active = (mask[0] >> (i % 64)) & 1;
    const float computed = i < 64 ? std::fabs(inputs[i]) : inputs[i] + 1.0f;
    ASSERT_EQ(run.dst[i], active ? computed : 0.5f) << i;
  }
}

TEST(MaskTest, LengthBeyondOneRepeatIsBadParameter) {
  const std::vector<float> values(64, 1.0f);
  const auto run = RunOnUb<float, float>(values, values, [](const auto&, const auto&) { SetVectorMask<float>(65); });
  EXPECT_NE(run.outcome.status, 0);
  EXPECT_TRUE(run.outcome.HasKind("bad-parameter")) << run.outcome.Describe();
}

}  // namespace
