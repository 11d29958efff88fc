#include <gtest/gtest.h>

#include <cstring>
#include <type_traits>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

using simtest::RunOnUb;
// Runs one vector-scalar API at level 2 over `count` of `size` elements and checks every element
// against `reference`; elements past count must keep their sentinel.
template <class T, class Api, class Reference>
void CheckLevel2(const char* name, const std::vector<T>& inputs, T scalar, Api api, Reference reference) {
  const int32_t count = int32_t(inputs.size()) - 32;  // leaves a tail the call must not touch
  const std::vector<T> sentinel(inputs.size(), T(7));
  const auto run = RunOnUb<T, T>(
      inputs, sentinel, [&](const LocalTensor<T>& dst, const LocalTensor<T>& src) { api(dst, src, scalar, count); });
  ASSERT_EQ(run.outcome.status, 0) << name << ": " << run.outcome.Describe();
  for (int32_t i = 0; i < int32_t(inputs.size()); ++i) {
    const T expected = i < count ? reference(inputs[i], scalar) : T(7);
    ASSERT_EQ(std::memcmp(&run.dst[i], &expected, sizeof(T)), 0)
        << name << " element " << i << ": got " << float(run.dst[i]) << ", want " << float(expected);
  }
}

template <class T>
std::vector<T> Inputs(uint32_t count, float low, float high, uint32_t seed) {
  return simtest::Convert<T>(simtest::RandomFloats(count, low, high, seed));
}

// Reference arithmetic: exact in float, then one rounding to T (integers wrap like the hardware's lanes).
template <class T>
T Round(double value) {
  if constexpr (std::is_integral_v<T>)
    return T(static_cast<std::make_unsigned_t<T>>(int64_t(value)));
  else
    return T(float(value));
}

#define SCALAR_API(Name) \
  [](const auto& dst, const auto& src, const auto& scalar, int32_t n) { Name(dst, src, scalar, n); }

template <class T>
void CheckArithmetic(float low, float high, T scalar, uint32_t seed) {
  const auto inputs = Inputs<T>(288, low, high, seed);
  CheckLevel2<T>("Adds", inputs, scalar, SCALAR_API(Adds),
                 [](T x, T s) { return Round<T>(double(float(x)) + double(float(s))); });
  CheckLevel2<T>("Muls", inputs, scalar, SCALAR_API(Muls),
                 [](T x, T s) { return Round<T>(double(float(x)) * double(float(s))); });
  CheckLevel2<T>("Maxs", inputs, scalar, SCALAR_API(Maxs), [](T x, T s) { return float(x) > float(s) ? x : s; });
  CheckLevel2<T>("Mins", inputs, scalar, SCALAR_API(Mins), [](T x, T s) { return float(x) < float(s) ? x : s; });
}

TEST(ScalarTest, ArithmeticMatchesReferenceForEveryType) {
  CheckArithmetic<half>(-8.0f, 8.0f, half(1.375f), 1);
  CheckArithmetic<float>(-8.0f, 8.0f, 0.3f, 2);
  CheckArithmetic<int16_t>(-300.0f, 300.0f, int16_t(-37), 3);
  CheckArithmetic<int32_t>(-1e6f, 1e6f, int32_t(4099), 4);
}

TEST(ScalarTest, LeakyReluScalesOnlyNegatives) {
  const auto reference = [](auto x, auto slope) {
    using T = decltype(x);
    return float(x) >= 0 ? x : Round<T>(double(float(x)) * double(float(slope)));
  };
  CheckLevel2<half>("LeakyRelu", Inputs<half>(160, -4.0f, 4.0f, 5), half(0.1f), SCALAR_API(LeakyRelu), reference);
  CheckLevel2<float>("LeakyRelu", Inputs<float>(96, -4.0f, 4.0f, 6), 0.01f, SCALAR_API(LeakyRelu), reference);
}

TEST(ScalarTest, ShiftsAreLogicalForUnsignedAndArithmeticForSigned) {
  std::vector<int16_t> signedInputs;
  std::vector<uint16_t> unsignedInputs;
  std::vector<int32_t> wideInputs;
  for (int32_t i = 0; i < 64; ++i) {
    signedInputs.push_back(int16_t(i * 1031 - 32768));
    unsignedInputs.push_back(uint16_t(i * 1031));
  }
  for (int32_t i = 0; i < 40; ++i) wideInputs.push_back(i * 104729 * (i % 2 ? -1 : 1));
  CheckLevel2<int16_t>("ShiftRight", signedInputs, int16_t(3), SCALAR_API(ShiftRight),
                       [](int16_t x, int16_t s) { return int16_t(x >> s); });
  CheckLevel2<uint16_t>("ShiftRight", unsignedInputs, uint16_t(3), SCALAR_API(ShiftRight),
                        [](uint16_t x, uint16_t s) { return uint16_t(x >> s); });
  CheckLevel2<uint16_t>("ShiftLeft", unsignedInputs, uint16_t(5), SCALAR_API(ShiftLeft),
                        [](uint16_t x, uint16_t s) { return uint16_t(x << s); });
  CheckLevel2<int32_t>("ShiftLeft", wideInputs, int32_t(7), SCALAR_API(ShiftLeft),
                       [](int32_t x, int32_t s) { return int32_t(uint32_t(x) << s); });
}

TEST(ScalarTest, TwinOverloadTakesTheScalarTypeExplicitly) {
  const auto inputs = Inputs<half>(128, -2.0f, 2.0f, 7);
  const auto run = RunOnUb<half, half>(inputs, std::vector<half>(128), [](const auto& dst, const auto& src) {
    Muls<half, half>(dst, src, half(0.5f), 128);
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (size_t i = 0; i < inputs.size(); ++i) ASSERT_EQ(run.dst[i].bits, half(float(inputs[i]) * 0.5f).bits) << i;
}

TEST(ScalarTest, Level0BitMaskWithStridesForInt16) {
  const uint64_t mask[2] = {0xf0f0f0f0f0f0f0f0ull, 0x1ull};
  const UnaryRepeatParams params(2, 1, 16, 8);  // dst writes every other block
  std::vector<int16_t> inputs(2 * 128);
  for (size_t i = 0; i < inputs.size(); ++i) inputs[i] = int16_t(i * 3 - 200);
  const auto run = RunOnUb<int16_t, int16_t>(
      inputs, std::vector<int16_t>(2 * 256, -1),
      [&](const auto& dst, const auto& src) { Adds(dst, src, int16_t(1000), mask, 2, params); });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  std::vector<int16_t> expected(2 * 256, -1);
  for (uint32_t repeat = 0; repeat < 2; ++repeat) {
    for (uint32_t lane = 0; lane < 128; ++lane) {
      if (!((mask[lane / 64] >> (lane % 64)) & 1)) continue;
      expected[repeat * 256 + lane / 16 * 32 + lane % 16] = int16_t(inputs[repeat * 128 + lane] + 1000);
    }
  }
  EXPECT_EQ(run.dst, expected);
}

TEST(ScalarTest, Level0ShiftRightWithRounding) {
  std::vector<int32_t> inputs;
  for (int32_t i = 0; i < 64; ++i) inputs.push_back(i * 37 - 1000);
  const auto run = RunOnUb<int32_t, int32_t>(inputs, std::vector<int32_t>(64, 0), [](const auto& dst, const auto& src) {
    ShiftRight(dst, src, int32_t(4), uint64_t(64), 1, UnaryRepeatParams(), true);
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (size_t i = 0; i < inputs.size(); ++i) ASSERT_EQ(run.dst[i], (inputs[i] + 8) >> 4) << i;
}

TEST(ScalarTest, Level0MaskLengthForFloatMuls) {
  const auto inputs = Inputs<float>(128, -5.0f, 5.0f, 8);
  const auto run = RunOnUb<float, float>(inputs, std::vector<float>(128, 9.0f), [](const auto& dst, const auto& src) {
    Muls(dst, src, 3.0f, uint64_t(10), 2, UnaryRepeatParams());
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < 128; ++i) ASSERT_EQ(run.dst[i], i % 64 < 10 ? inputs[i] * 3.0f : 9.0f) << i;
}

TEST(ScalarTest, ShiftBeyondElementWidthIsBadParameter) {
  const std::vector<int16_t> values(16, 1);
  const auto run = RunOnUb<int16_t, int16_t>(
      values, values, [](const auto& dst, const auto& src) { ShiftLeft(dst, src, int16_t(17), 16); });
  EXPECT_NE(run.outcome.status, 0);
  EXPECT_TRUE(run.outcome.HasKind("bad-parameter")) << run.outcome.Describe();
}

}  // namespace
