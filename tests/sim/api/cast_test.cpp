#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

constexpr uint32_t kCount = 128;  // a multiple of 32 bytes for every dtype pair below

template <class Dst, class Src>
struct CastRun {
  simtest::LaunchOutcome outcome;
  std::vector<Dst> result;
};

// GM -> UB, Cast at level 2 (after `beforeCast`, if any), UB -> GM.
template <class Dst, class Src>
CastRun<Dst, Src> RunCast(const std::vector<Src>& input, RoundMode mode, const std::function<void()>& beforeCast = {}) {
  simtest::GmBuffer<Src> src(input);
  simtest::GmBuffer<Dst> dst(input.size());
  const uint32_t count = uint32_t(input.size());
  CastRun<Dst, Src> run;
  run.outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, dstBuf;
    pipe.InitBuffer(srcBuf, count * sizeof(Src));
    pipe.InitBuffer(dstBuf, count * sizeof(Dst));
    GlobalTensor<Src> srcGm;
    GlobalTensor<Dst> dstGm;
    srcGm.SetGlobalBuffer((__gm__ Src*)src.addr(), count);
    dstGm.SetGlobalBuffer((__gm__ Dst*)dst.addr(), count);
    LocalTensor<Src> in = srcBuf.Get<Src>();
    LocalTensor<Dst> out = dstBuf.Get<Dst>();
    DataCopy(in, srcGm, count);
    if (beforeCast) beforeCast();
    Cast(out, in, mode, count);
    DataCopy(dstGm, out, count);
  });
  run.result = dst.values();
  return run;
}

// Every finite value of a 16-bit float format, ascending, decoded independently of the simulator.
std::vector<double> FiniteGrid(int exponentBits, int mantissaBits) {
  std::vector<double> grid;
  const int bias = (1 << (exponentBits - 1)) - 1;
  for (int field = 0; field < (1 << exponentBits) - 1; ++field) {
    for (int mantissa = 0; mantissa < (1 << mantissaBits); ++mantissa) {
      const double significand = field == 0 ? mantissa / double(1 << mantissaBits) : 1 + mantissa / double(1 << mantissaBits);
      const double value = std::ldexp(significand, (field == 0 ? 1 : field) - bias);
      grid.push_back(value);
      if (value != 0) grid.push_back(-value);
    }
  }
  std::sort(grid.begin(), grid.end());
  return grid;
}

// The reference rounding of x onto the grid (largest finite value on overflow: A2 saturates).
double RoundOnGrid(const std::vector<double>& grid, double x, RoundMode mode, int mantissaBits, int minExponent) {
  if (x >= grid.back()) return grid.back();
  if (x <= grid.front()) return grid.front();
  const auto upper = std::lower_bound(grid.begin(), grid.end(), x);
  if (*upper == x) return x;
  const double high = *upper, low = *(upper - 1);
  const auto lastBitOdd = [&](double v) {
    if (v == 0) return false;
    int exponent = 0;
    std::frexp(v, &exponent);
    const double quantum = std::ldexp(1.0, std::max(exponent - 1, minExponent) - mantissaBits);
    return std::fmod(std::fabs(v) / quantum, 2.0) == 1.0;
  };
  switch (mode) {
    case RoundMode::CAST_FLOOR: return low;
    case RoundMode::CAST_CEIL: return high;
    case RoundMode::CAST_TRUNC: return x > 0 ? low : high;
    case RoundMode::CAST_ROUND:
      if (x - low == high - x) return x > 0 ? high : low;
      return x - low < high - x ? low : high;
    case RoundMode::CAST_ODD: return lastBitOdd(low) ? low : high;
    default:
      if (x - low == high - x) return lastBitOdd(low) ? high : low;
      return x - low < high - x ? low : high;
  }
}

std::vector<float> InterestingFloats() {
  std::vector<float> values = simtest::RandomFloats(kCount - 16, -3000.0f, 3000.0f, 7);
  // exact half ties (1 + 2^-11, 2049 + 1), values between grid points, tiny and overflowing ones
  for (float v : {1.00048828125f, 2049.0f, 2051.0f, -2049.0f, 0.5f + 0x1p-12f, -0.5f - 0x1p-12f, 1e-7f, -3e-8f,
                  70000.0f, -70000.0f, 65519.0f, 65520.0f, 0.0f, -0.0f, 2.5f, -2.5f}) {
    values.push_back(v);
  }
  return values;
}

const RoundMode kHalfModes[] = {RoundMode::CAST_NONE,  RoundMode::CAST_RINT,  RoundMode::CAST_FLOOR, RoundMode::CAST_CEIL,
                                RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC, RoundMode::CAST_ODD};

TEST(CastTest, FloatToHalfRoundsEveryModeOntoTheHalfGrid) {
  const auto grid = FiniteGrid(5, 10);
  const auto input = InterestingFloats();
  for (RoundMode mode : kHalfModes) {
    const auto run = RunCast<half, float>(input, mode);
    ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
    for (uint32_t i = 0; i < kCount; ++i) {
      const double expected = RoundOnGrid(grid, input[i], mode, 10, -14);
      ASSERT_EQ(double(float(run.result[i])), expected) << "mode " << int(mode) << " input " << input[i];
    }
  }
}

TEST(CastTest, FloatToBfloat16RoundsEveryModeOntoTheBfloat16Grid) {
  // bf16 has float's exponent range; check the directed modes on normal values.
  const auto grid = FiniteGrid(8, 7);
  const auto input = simtest::RandomFloats(kCount, -1000.0f, 1000.0f, 9);
  for (RoundMode mode : kHalfModes) {
    const auto run = RunCast<bfloat16_t, float>(input, mode);
    ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
    for (uint32_t i = 0; i < kCount; ++i) {
      ASSERT_EQ(double(float(run.result[i])), RoundOnGrid(grid, input[i], mode, 7, -126)) << "mode " << int(mode);
    }
  }
}

double IntegerReference(double x, RoundMode mode) {
  switch (mode) {
    case RoundMode::CAST_FLOOR: return std::floor(x);
    case RoundMode::CAST_CEIL: return std::ceil(x);
    case RoundMode::CAST_ROUND: return std::round(x);
    case RoundMode::CAST_TRUNC: return std::trunc(x);
    default: return std::nearbyint(x);
  }
}

const RoundMode kIntegerModes[] = {RoundMode::CAST_RINT, RoundMode::CAST_FLOOR, RoundMode::CAST_CEIL,
                                   RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC};

TEST(CastTest, FloatToInt32RoundsAndSaturates) {
  auto input = simtest::RandomFloats(kCount - 6, -100.0f, 100.0f, 3);
  for (float v : {2.5f, -2.5f, 0.5f, 3e9f, -3e9f, std::numeric_limits<float>::quiet_NaN()}) input.push_back(v);
  for (RoundMode mode : kIntegerModes) {
    const auto run = RunCast<int32_t, float>(input, mode);
    ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
    for (uint32_t i = 0; i < kCount; ++i) {
      const double x = input[i];
      const double expected = std::isnan(x) ? 0.0 : std::clamp(IntegerReference(x, mode), -2147483648.0, 2147483647.0);
      ASSERT_EQ(double(run.result[i]), expected) << "mode " << int(mode) << " input " << x;
    }
  }
}

TEST(CastTest, HalfToInt8AndFloatToFloatFollowTheMode) {
  const auto wide = simtest::RandomFloats(kCount, -300.0f, 300.0f, 4);
  const auto halves = simtest::Convert<half>(wide);
  for (RoundMode mode : kIntegerModes) {
    const auto toInt8 = RunCast<int8_t, half>(halves, mode);
    ASSERT_EQ(toInt8.outcome.status, 0) << toInt8.outcome.Describe();
    const auto integral = RunCast<float, float>(wide, mode);
    ASSERT_EQ(integral.outcome.status, 0) << integral.outcome.Describe();
    for (uint32_t i = 0; i < kCount; ++i) {
      ASSERT_EQ(double(toInt8.result[i]), std::clamp(IntegerReference(float(halves[i]), mode), -128.0, 127.0));
      ASSERT_EQ(double(integral.result[i]), IntegerReference(wide[i], mode));
    }
  }
}

TEST(CastTest, IntegerSourcesConvertWithTheMode) {
  std::vector<int32_t> ints;
  for (uint32_t i = 0; i < kCount; ++i) ints.push_back(int32_t(i * 2654435761u) >> (i % 8));
  for (RoundMode mode : {RoundMode::CAST_RINT, RoundMode::CAST_FLOOR, RoundMode::CAST_CEIL, RoundMode::CAST_TRUNC}) {
    const auto run = RunCast<float, int32_t>(ints, mode);
    ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
    for (uint32_t i = 0; i < kCount; ++i) {
      const double x = ints[i];
      const float nearest = float(x);
      const double low = double(nearest) <= x ? nearest : std::nextafter(nearest, -INFINITY);
      const double high = double(nearest) >= x ? nearest : std::nextafter(nearest, INFINITY);
      double expected = nearest;
      if (mode == RoundMode::CAST_FLOOR) expected = low;
      if (mode == RoundMode::CAST_CEIL) expected = high;
      if (mode == RoundMode::CAST_TRUNC) expected = x >= 0 ? low : high;
      ASSERT_EQ(double(run.result[i]), expected) << "mode " << int(mode) << " input " << ints[i];
    }
  }
  const auto narrowed = RunCast<int16_t, int32_t>(ints, RoundMode::CAST_NONE);
  ASSERT_EQ(narrowed.outcome.status, 0) << narrowed.outcome.Describe();
  for (uint32_t i = 0; i < kCount; ++i) ASSERT_EQ(narrowed.result[i], std::clamp<int32_t>(ints[i], -32768, 32767));
}

// int32 -> half goes through the DEQSCALE register: half(src * scale), rounded once to nearest.
TEST(CastTest, Int32ToHalfMultipliesByTheDeqScale) {
  std::vector<int32_t> ints;
  for (uint32_t i = 0; i < kCount; ++i) ints.push_back((int32_t(i * 2654435761u) >> 8) % 60000);
  ints[0] = 4097;   // 4097 and 2048.5 are ties: nearest even gives 4096 and 2048
  ints[1] = 35000;  // between the half neighbours 34976 and 35008
  for (float scale : {1.0f, 0.5f, -0.25f}) {
    const auto run = RunCast<half, int32_t>(ints, RoundMode::CAST_FLOOR, [&] { SetDeqScale(half(scale)); });
    ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
    for (uint32_t i = 0; i < kCount; ++i) {
      ASSERT_EQ(run.result[i].bits, half(float(double(ints[i]) * scale)).bits) << "scale " << scale << " input " << ints[i];
    }
  }
  const auto unset = RunCast<half, int32_t>(ints, RoundMode::CAST_NONE);
  EXPECT_EQ(float(unset.result[0]), 4096.0f) << "without SetDeqScale the simulator scales by 1";
}

TEST(CastTest, FloatToIntegerRejectsCastNone) {
  const auto run = RunCast<int32_t, float>(std::vector<float>(kCount, 1.5f), RoundMode::CAST_NONE);
  EXPECT_NE(run.outcome.status, 0);
  EXPECT_TRUE(run.outcome.HasKind("bad-parameter")) << run.outcome.Describe();
}

TEST(CastTest, CastOddOnlyNarrowsFloatToHalfOrBfloat16) {
  const auto run = RunCast<float, half>(simtest::Convert<half>(std::vector<float>(kCount, 1.0f)), RoundMode::CAST_ODD);
  EXPECT_TRUE(run.outcome.HasKind("bad-parameter")) << run.outcome.Describe();
}

// Level 0: float -> half, 64 lanes per repeat (the wider type), contiguous mask of 40, two repeats;
// dst advances 4 blocks (64 halves) per repeat, src 8 blocks.
TEST(CastTest, LevelZeroUsesTheWiderTypesLanesMaskAndStrides) {
  const auto input = simtest::RandomFloats(kCount, -10.0f, 10.0f, 5);
  simtest::GmBuffer<float> src(input);
  simtest::GmBuffer<half> dst(kCount);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, dstBuf;
    pipe.InitBuffer(srcBuf, kCount * sizeof(float));
    pipe.InitBuffer(dstBuf, kCount * sizeof(half));
    GlobalTensor<float> srcGm;
    GlobalTensor<half> dstGm;
    srcGm.SetGlobalBuffer((__gm__ float*)src.addr(), kCount);
    dstGm.SetGlobalBuffer((__gm__ half*)dst.addr(), kCount);
    LocalTensor<float> in = srcBuf.Get<float>();
    LocalTensor<half> out = dstBuf.Get<half>();
    DataCopy(in, srcGm, kCount);
    for (uint32_t i = 0; i < kCount; ++i) out.SetValue(i, half(-1.0f));
    Cast(out, in, RoundMode::CAST_TRUNC, uint64_t(40), 2, {1, 1, 4, 8});
    DataCopy(dstGm, out, kCount);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const auto grid = FiniteGrid(5, 10);
  const auto result = dst.values();
  for (uint32_t i = 0; i < kCount; ++i) {
    const uint32_t lane = i % 64;
    const double expected = lane < 40 ? RoundOnGrid(grid, input[i], RoundMode::CAST_TRUNC, 10, -14) : -1.0;
    ASSERT_EQ(double(float(result[i])), expected) << "element " << i;
  }
}

}  // namespace
