#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

using simtest::RunOnUb;

// The value a T element holds after storing `value`: the reference's rounding step.
template <class T>
float RoundTo(double value) {
  return float(T(float(value)));
}

struct FloatCase {
  const char* name;
  std::function<void(const LocalTensor<half>&, const LocalTensor<half>&, int32_t)> runHalf;
  std::function<void(const LocalTensor<float>&, const LocalTensor<float>&, int32_t)> runFloat;
  double (*reference)(double);
  float low, high;
  bool exact;  // exactly rounded ops match bit for bit; transcendental ones within a few ulp
};

// clang-format off
#define UNARY_CASE(Name, reference, low, high, exact)                                                    \
  FloatCase{#Name,                                                                                       \
            [](const LocalTensor<half>& d, const LocalTensor<half>& s, int32_t n) { Name(d, s, n); },   \
            [](const LocalTensor<float>& d, const LocalTensor<float>& s, int32_t n) { Name(d, s, n); }, \
            reference, low, high, exact}

std::vector<FloatCase> FloatCases() {
  return {
      UNARY_CASE(Exp, [](double x) { return std::exp(x); }, -6.0f, 6.0f, false),
      UNARY_CASE(Ln, [](double x) { return std::log(x); }, 0.01f, 100.0f, false),
      UNARY_CASE(Abs, [](double x) { return std::fabs(x); }, -50.0f, 50.0f, true),
      UNARY_CASE(Reciprocal, [](double x) { return 1.0 / x; }, 0.5f, 8.0f, false),
      UNARY_CASE(Sqrt, [](double x) { return std::sqrt(x); }, 0.0f, 400.0f, false),
      UNARY_CASE(Rsqrt, [](double x) { return 1.0 / std::sqrt(x); }, 0.1f, 400.0f, false),
      UNARY_CASE(Relu, [](double x) { return x > 0 ? x : 0.0; }, -5.0f, 5.0f, true),
  };
}
// clang-format on

// Relative error allowed for the non-exact ops: a couple of ulp of the element type.
template <class T>
double Tolerance(double expected) {
  const double ulp = std::is_same_v<T, half> ? 1.0 / 1024 : 1.0 / (1 << 23);
  return std::fabs(expected) * 2 * ulp + 1e-30;
}

template <class T>
void CheckLevel2(const FloatCase& unary, uint32_t seed) {
  constexpr uint32_t kSize = 512;
  constexpr int32_t kCount = 300;  // not a whole number of repeats
  const auto inputs = simtest::Convert<T>(simtest::RandomFloats(kSize, unary.low, unary.high, seed));
  const std::vector<T> sentinel(kSize, T(-7.0f));
  const auto run = RunOnUb<T, T>(inputs, sentinel, [&](const LocalTensor<T>& dst, const LocalTensor<T>& src) {
    if constexpr (std::is_same_v<T, half>)
      unary.runHalf(dst, src, kCount);
    else
      unary.runFloat(dst, src, kCount);
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (int32_t i = 0; i < int32_t(kSize); ++i) {
    if (i >= kCount) {
      ASSERT_EQ(float(run.dst[i]), -7.0f) << unary.name << ": element " << i << " past count was written";
      continue;
    }
    const double exact = unary.reference(double(float(inputs[i])));
    if (unary.exact) {
      ASSERT_EQ(float(run.dst[i]), RoundTo<T>(exact)) << unary.name << " element " << i;
    } else {
      ASSERT_NEAR(float(run.dst[i]), exact, Tolerance<T>(exact)) << unary.name << " element " << i;
    }
  }
}

TEST(UnaryTest, FloatingOpsMatchReferenceForHalfAndFloat) {
  uint32_t seed = 10;
  for (const FloatCase& unary : FloatCases()) {
    CheckLevel2<half>(unary, ++seed);
    CheckLevel2<float>(unary, ++seed);
  }
}

TEST(UnaryTest, NotInvertsBitsOfSixteenBitIntegers) {
  const std::vector<int16_t> inputs = {0, 1, -1, 0x1234, -32768, 32767, 0x00ff, 0x7f00, 5, 6, 7, 8, 9, 10, 11, 12};
  const auto run = RunOnUb<int16_t, int16_t>(inputs, std::vector<int16_t>(16, 0),
                                             [](const auto& dst, const auto& src) { Not(dst, src, 16); });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (size_t i = 0; i < inputs.size(); ++i) EXPECT_EQ(run.dst[i], int16_t(~inputs[i])) << i;

  const std::vector<uint16_t> unsignedInputs(16, 0x0f0f);
  const auto unsignedRun = RunOnUb<uint16_t, uint16_t>(unsignedInputs, std::vector<uint16_t>(16, 0),
                                                       [](const auto& dst, const auto& src) { Not(dst, src, 16); });
  for (size_t i = 0; i < 16; ++i) EXPECT_EQ(unsignedRun.dst[i], 0xf0f0u) << i;
}

TEST(UnaryTest, ReluClampsInt32) {
  std::vector<int32_t> inputs;
  for (int32_t i = 0; i < 64; ++i) inputs.push_back((i - 32) * 1000003);
  const auto run = RunOnUb<int32_t, int32_t>(inputs, std::vector<int32_t>(64, 1),
                                             [](const auto& dst, const auto& src) { Relu(dst, src, 64); });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (size_t i = 0; i < inputs.size(); ++i) EXPECT_EQ(run.dst[i], inputs[i] > 0 ? inputs[i] : 0) << i;
}

// Element (repeat, lane) of a level-0 operand, in elements from the tensor start.
uint32_t Level0Index(uint32_t repeat, uint32_t lane, uint32_t perBlock, uint32_t blkStride, uint32_t repStride) {
  return repeat * repStride * perBlock + lane / perBlock * blkStride * perBlock + lane % perBlock;
}

TEST(UnaryTest, Level0BitMaskAndStridesSelectHalfLanes) {
  constexpr uint32_t kRepeats = 2;
  const uint64_t mask[2] = {0x5555555555555555ull, 0x00000000ffff0000ull};
  const UnaryRepeatParams params(1, 2, 8, 16);  // src reads every other block
  const auto inputs = simtest::Convert<half>(simtest::RandomFloats(2 * 16 * 16, -9.0f, 9.0f, 3));
  const std::vector<half> sentinel(kRepeats * 128, half(100.0f));
  const auto run = RunOnUb<half, half>(
      inputs, sentinel, [&](const auto& dst, const auto& src) { Abs(dst, src, mask, kRepeats, params); });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t repeat = 0; repeat < kRepeats; ++repeat) {
    for (uint32_t lane = 0; lane < 128; ++lane) {
      const bool active = (mask[lane / 64] >> (lane % 64)) & 1;
      const float source = float(inputs[Level0Index(repeat, lane, 16, 2, 16)]);
      const float expected = active ? std::fabs(source) : 100.0f;
      ASSERT_EQ(float(run.dst[Level0Index(repeat, lane, 16, 1, 8)]), expected) << repeat << "/" << lane;
    }
  }
}

TEST(UnaryTest, Level0MaskLengthWithRepeatStridesForFloat) {
  constexpr uint32_t kRepeats = 3;
  constexpr uint64_t kMaskLength = 40;
  const UnaryRepeatParams params(1, 1, 16, 8);  // dst skips a repeat's worth of blocks each time
  const auto inputs = simtest::RandomFloats(kRepeats * 64, -3.0f, 3.0f, 4);
  const std::vector<float> sentinel(kRepeats * 128, -1.0f);
  const auto run = RunOnUb<float, float>(
      inputs, sentinel, [&](const auto& dst, const auto& src) { Relu(dst, src, kMaskLength, kRepeats, params); });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t repeat = 0; repeat < kRepeats; ++repeat) {
    for (uint32_t lane = 0; lane < 64; ++lane) {
      const float source = inputs[repeat * 64 + lane];
      const float expected = lane < kMaskLength ? (source > 0 ? source : 0.0f) : -1.0f;
      ASSERT_EQ(run.dst[repeat * 128 + lane], expected) << repeat << "/" << lane;
    }
  }
}

TEST(UnaryTest, MaskLengthOverOneRepeatIsBadParameter) {
  const std::vector<float> values(64, 1.0f);
  const auto run = RunOnUb<float, float>(
      values, values, [](const auto& dst, const auto& src) { Exp(dst, src, uint64_t(65), 1, UnaryRepeatParams()); });
  EXPECT_NE(run.outcome.status, 0);
  EXPECT_TRUE(run.outcome.HasKind("bad-parameter")) << run.outcome.Describe();
}

// A count past the tensors runs on into the bytes that follow them, as on the NPU: a warning.
TEST(UnaryTest, CountBeyondTensorWarnsAndRunsOn) {
  const std::vector<half> values(128, half(4.0f));
  const auto run = RunOnUb<half, half>(values, values, [](const auto& dst, const auto& src) { Sqrt(dst, src, 256); });
  EXPECT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  ASSERT_EQ(run.outcome.diagnostics.size(), 1u) << run.outcome.Describe();
  EXPECT_EQ(run.outcome.diagnostics[0].kind, "ub-out-of-bounds");
  EXPECT_EQ(run.outcome.diagnostics[0].severity, ascendc_sim::Severity::kWarning);
  EXPECT_EQ(run.dst, std::vector<half>(128, half(2.0f)));
}

}  // namespace
