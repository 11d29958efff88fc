// SoftmaxFlashV2: several steps over successive column blocks of the same rows, the first without
// isUpdate and the rest with it, max and sum carried in place as FlashAttention carries them,
// against the online softmax computed here in double (and its final sum against the whole row's);
// the kernel-side tiling functions; and each parameter check.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "kernel_test_support.h"
#include "softmax_test_support.h"

using namespace AscendC;
using simtest::Wave;

namespace {

template <class T>
constexpr uint32_t kPerBlock = 32 / sizeof(T);

template <class T, class U>
struct FlashRun {
  simtest::LaunchOutcome outcome;
  std::vector<std::vector<float>> dst;     // each step's
  std::vector<std::vector<float>> expMax;  // each step's; the first step writes none
  std::vector<float> sum, max;             // after the last step
};

// Runs the steps ([m, k] each, the first oriK columns data) with a sharedTmpBuffer of `tmpBytes`
// (none when 0: the stack buffer), tiled on the kernel side for that space.
template <class T, class U>
FlashRun<T, U> RunFlashSteps(const std::vector<std::vector<float>>& steps, uint32_t m, uint32_t k, uint32_t oriK,
                             uint32_t tmpBytes) {
  const uint32_t count = m * k, reduceCount = m * kPerBlock<U>, expCount = m * kPerBlock<T>;
  std::vector<T> srcValues;
  for (const std::vector<float>& step : steps) {
    for (float value : step) srcValues.push_back(T(value));
  }
  simtest::GmBuffer<T> srcGm(srcValues), dstGm(srcValues.size()), expGm(steps.size() * expCount);
  simtest::GmBuffer<U> sumGm(reduceCount), maxGm(reduceCount);
  FlashRun<T, U> run;
  run.outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, dstBuf, sumBuf, maxBuf, expBuf, tmpBuf;
    pipe.InitBuffer(srcBuf, count * sizeof(T));
    pipe.InitBuffer(dstBuf, count * sizeof(T));
    pipe.InitBuffer(sumBuf, reduceCount * sizeof(U));
    pipe.InitBuffer(maxBuf, reduceCount * sizeof(U));
    pipe.InitBuffer(expBuf, expCount * sizeof(T));
    if (tmpBytes != 0) pipe.InitBuffer(tmpBuf, tmpBytes);
    GlobalTensor<T> srcGlobal, dstGlobal, expGlobal;
    GlobalTensor<U> sumGlobal, maxGlobal;
    srcGlobal.SetGlobalBuffer((__gm__ T*)srcGm.addr());
    dstGlobal.SetGlobalBuffer((__gm__ T*)dstGm.addr());
    expGlobal.SetGlobalBuffer((__gm__ T*)expGm.addr());
    sumGlobal.SetGlobalBuffer((__gm__ U*)sumGm.addr());
    maxGlobal.SetGlobalBuffer((__gm__ U*)maxGm.addr());
    LocalTensor<T> src = srcBuf.Get<T>(), dst = dstBuf.Get<T>(), expMax = expBuf.Get<T>();
    LocalTensor<U> sum = sumBuf.Get<U>(), max = maxBuf.Get<U>();
    const SoftMaxShapeInfo shape{m, k, m, oriK};
    const uint32_t workBytes = tmpBytes != 0 ? tmpBytes : 32 * 1024;
    for (size_t s = 0; s < steps.size(); ++s) {
      DataCopy(src, srcGlobal[s * count], count);
      PipeBarrier<PIPE_ALL>();
      const bool update = s != 0;
      const SoftMaxTiling tiling = SoftMaxFlashV2TilingFunc(shape, sizeof(T), sizeof(U), workBytes, update);
      if (update && tmpBytes != 0) {
        SoftmaxFlashV2<T, true>(dst, sum, max, src, expMax, sum, max, tmpBuf.Get<uint8_t>(), tiling, shape);
      } else if (update) {
        SoftmaxFlashV2<T, true>(dst, sum, max, src, expMax, sum, max, tiling, shape);
      } else if (tmpBytes != 0) {
        SoftmaxFlashV2<T, false>(dst, sum, max, src, expMax, sum, max, tmpBuf.Get<uint8_t>(), tiling, shape);
      } else {
        SoftmaxFlashV2<T, false>(dst, sum, max, src, expMax, sum, max, tiling, shape);
      }
      PipeBarrier<PIPE_ALL>();
      DataCopy(dstGlobal[s * count], dst, count);
      if (update) DataCopy(expGlobal[s * expCount], expMax, expCount);
      PipeBarrier<PIPE_ALL>();
    }
    DataCopy(sumGlobal, sum, reduceCount);
    DataCopy(maxGlobal, max, reduceCount);
  });
  const std::vector<float> dst = simtest::ToFloat(dstGm.values()), exps = simtest::ToFloat(expGm.values());
  for (size_t s = 0; s < steps.size(); ++s) {
    run.dst.emplace_back(dst.begin() + s * count, dst.begin() + (s + 1) * count);
    run.expMax.emplace_back(exps.begin() + s * expCount, exps.begin() + (s + 1) * expCount);
  }
  run.sum = simtest::ToFloat(sumGm.values());
  run.max = simtest::ToFloat(maxGm.values());
  return run;
}

// The online softmax in double over the steps as the kernel saw them (`steps` already rounded to
// the data type): each step's exp(x - running max) and expMax, and the final max and sum.
struct OnlineReference {
  std::vector<std::vector<double>> dst;
  std::vector<std::vector<double>> expMax;  // [step][row]
  std::vector<double> max, sum;             // [row]
};

OnlineReference Online(const std::vector<std::vector<float>>& steps, uint32_t m, uint32_t k, uint32_t oriK) {
  OnlineReference reference;
  reference.max.assign(m, -INFINITY);
  reference.sum.assign(m, 0.0);
  for (const std::vector<float>& step : steps) {
    std::vector<double> dst(step.size()), expMax(m);
    for (uint32_t row = 0; row < m; ++row) {
      double max = reference.max[row];
      for (uint32_t j = 0; j < oriK; ++j) max = std::fmax(max, step[row * k + j]);
      expMax[row] = std::exp(reference.max[row] - max);
      double sum = 0.0;
      for (uint32_t j = 0; j < k; ++j) dst[row * k + j] = std::exp(step[row * k + j] - max);
      for (uint32_t j = 0; j < oriK; ++j) sum += dst[row * k + j];
      reference.sum[row] = expMax[row] * reference.sum[row] + sum;
      reference.max[row] = max;
    }
    reference.dst.push_back(dst);
    reference.expMax.push_back(expMax);
  }
  return reference;
}

template <class T>
std::vector<std::vector<float>> RoundedSteps(const std::vector<std::vector<float>>& steps) {
  std::vector<std::vector<float>> rounded;
  for (const std::vector<float>& step : steps) rounded.push_back(simtest::ToFloat(simtest::Convert<T>(step)));
  return rounded;
}

// Three steps: the second raises every row's max (expMax < 1), the third does not (expMax = 1).
std::vector<std::vector<float>> ThreeSteps(uint32_t count) {
  return {Wave(count, 2.0f), Wave(count, 4.0f, 1.0f), Wave(count, 1.0f, 2.0f)};
}

template <class T, class U>
void ExpectMatches(const FlashRun<T, U>& run, const std::vector<std::vector<float>>& steps, uint32_t m, uint32_t k,
                   uint32_t oriK, double tolerance) {
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  const OnlineReference reference = Online(steps, m, k, oriK);
  for (size_t s = 0; s < steps.size(); ++s) {
    for (uint32_t row = 0; row < m; ++row) {
      for (uint32_t j = 0; j < oriK; ++j) {
        const double expected = reference.dst[s][row * k + j];
        ASSERT_NEAR(run.dst[s][row * k + j], expected, tolerance * expected) << "step " << s << " " << row << ", " << j;
      }
      if (s == 0) continue;
      for (uint32_t lane = 0; lane < kPerBlock<T>; ++lane) {
        const double expected = reference.expMax[s][row];
        ASSERT_NEAR(run.expMax[s][row * kPerBlock<T> + lane], expected, tolerance * expected) << "step " << s;
      }
    }
  }
  for (uint32_t row = 0; row < m; ++row) {
    // The carried sum is the whole row's: every step's columns against the final max.
    double whole = 0.0;
    for (const std::vector<float>& step : steps) {
      for (uint32_t j = 0; j < oriK; ++j) whole += std::exp(step[row * k + j] - reference.max[row]);
    }
    EXPECT_NEAR(reference.sum[row], whole, 1e-9 * whole);
    for (uint32_t lane = 0; lane < kPerBlock<U>; ++lane) {
      EXPECT_EQ(run.max[row * kPerBlock<U> + lane], float(U(reference.max[row]))) << "row " << row;
      EXPECT_NEAR(run.sum[row * kPerBlock<U> + lane], whole, tolerance * whole) << "row " << row;
    }
  }
}

TEST(SoftmaxFlashV2Test, FloatStepsWithSharedTmpBufferFollowTheOnlineSoftmax) {
  constexpr uint32_t kRows = 16, kColumns = 64;
  const auto steps = ThreeSteps(kRows * kColumns);
  // Room for 10 rows of scratch: a pass of 8 rows (a whole number of 8), so two passes.
  const auto run = RunFlashSteps<float, float>(steps, kRows, kColumns, kColumns, 10 * (16 + 64) * 4);
  ExpectMatches(run, steps, kRows, kColumns, kColumns, 2e-6);
}

TEST(SoftmaxFlashV2Test, HalfDataWithFloatSumAndMaxAndPaddedRows) {
  constexpr uint32_t kRows = 4, kColumns = 32, kReal = 20;
  auto steps = ThreeSteps(kRows * kColumns);
  for (std::vector<float>& step : steps) {
    for (uint32_t row = 0; row < kRows; ++row) {
      for (uint32_t j = kReal; j < kColumns; ++j) step[row * kColumns + j] = 100.0f;  // would dominate max and sum
    }
  }
  const auto rounded = RoundedSteps<half>(steps);
  const auto run = RunFlashSteps<half, float>(steps, kRows, kColumns, kReal, 0);
  ExpectMatches(run, rounded, kRows, kColumns, kReal, 1e-3);
}

TEST(SoftmaxFlashV2Test, HalfDataWithHalfSumAndMax) {
  constexpr uint32_t kRows = 2, kColumns = 48;
  const auto steps = ThreeSteps(kRows * kColumns);
  const auto rounded = RoundedSteps<half>(steps);
  const auto run = RunFlashSteps<half, half>(steps, kRows, kColumns, kColumns, 2 * (48 + 16 + 64) * 4);
  ExpectMatches(run, rounded, kRows, kColumns, kColumns, 2e-3);
}

// Without a softmaxShapeInfo the shape is the source tensor's ShapeInfo, its original shape giving
// the data columns: 12 of 16, the rest 50, which would dominate max and sum.
TEST(SoftmaxFlashV2Test, ShapeComesFromTheSourceTensorsShapeInfo) {
  constexpr uint32_t kRows = 2, kColumns = 16, kReal = 12;
  std::vector<float> values = Wave(kRows * kColumns, 1.0f);
  for (uint32_t row = 0; row < kRows; ++row) {
    for (uint32_t j = kReal; j < kColumns; ++j) values[row * kColumns + j] = 50.0f;
  }
  simtest::GmBuffer<float> srcGm(values), sumGm(kRows * 8);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> dataBuf, sumBuf, maxBuf, expBuf;
    pipe.InitBuffer(dataBuf, values.size() * sizeof(float));
    pipe.InitBuffer(sumBuf, kRows * 32);
    pipe.InitBuffer(maxBuf, kRows * 32);
    pipe.InitBuffer(expBuf, kRows * 32);
    GlobalTensor<float> srcGlobal, sumGlobal;
    srcGlobal.SetGlobalBuffer((__gm__ float*)srcGm.addr());
    sumGlobal.SetGlobalBuffer((__gm__ float*)sumGm.addr());
    LocalTensor<float> data = dataBuf.Get<float>(), sum = sumBuf.Get<float>(), max = maxBuf.Get<float>();
    DataCopy(data, srcGlobal, values.size());
    PipeBarrier<PIPE_ALL>();
    const uint32_t shape[] = {kRows, kColumns}, original[] = {kRows, kReal};
    data.SetShapeInfo(ShapeInfo(2, shape, 2, original, DataFormat::ND));
    SoftmaxFlashV2<float>(data, sum, max, data, expBuf.Get<float>(), sum, max,
                          SoftMaxFlashV2TilingFuncImpl(kRows, kColumns, 4, 4, 8 * 1024));
    PipeBarrier<PIPE_ALL>();
    DataCopy(sumGlobal, sum, kRows * 8);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const OnlineReference reference = Online({values}, kRows, kColumns, kReal);
  for (uint32_t row = 0; row < kRows; ++row) {
    EXPECT_NEAR(sumGm.values()[row * 8], reference.sum[row], 1e-6 * reference.sum[row]) << "row " << row;
  }
}

// The kernel-side tiling: as many rows as the space holds, a whole number of 8 once more than 8,
// and the tiling's counts consistent with that split; SoftMaxFlashV2TilingFunc takes bytes.
TEST(SoftmaxFlashV2Test, KernelSideTilingSplitsTheRowsThatFit) {
  constexpr uint32_t kRowFloats = 16 + 64;  // a float row's scratch
  constexpr SoftMaxTiling eleven = SoftMaxFlashV2TilingFuncImpl(40, 64, 4, 4, 11 * kRowFloats);
  static_assert(eleven.splitM == 8 && eleven.rangeM == 5 && eleven.tailM == 0);
  const SoftMaxTiling five = SoftMaxFlashV2TilingFuncImpl(42, 64, 4, 4, 5 * kRowFloats + 3);
  EXPECT_EQ(five.splitM, 5u);
  EXPECT_EQ(five.rangeM, 8u);
  EXPECT_EQ(five.tailM, 2u);
  EXPECT_EQ(five.tailSplitSize, 2u * 64u);
  EXPECT_EQ(five.outMaxK, 8u);
  EXPECT_EQ(five.reduceSize, 5u * 8u);
  const SoftMaxTiling all = SoftMaxFlashV2TilingFuncImpl(6, 128, 2, 2, 100000);
  EXPECT_EQ(all.splitM, 6u);
  EXPECT_EQ(all.outMaxK, 16u);
  EXPECT_EQ(all.srcSize, 6u * 128u);
  const SoftMaxTiling halfRows = SoftMaxFlashV2TilingFuncImpl(20, 128, 2, 4, 3 * (128 + kRowFloats));
  EXPECT_EQ(halfRows.splitM, 3u);
  const SoftMaxTiling bytes =
      SoftMaxFlashV2TilingFunc(SoftMaxShapeInfo{42, 64, 42, 64}, 4, 4, (5 * kRowFloats + 3) * 4);
  EXPECT_EQ(bytes.splitM, five.splitM);
  EXPECT_EQ(SoftMaxFlashV2TilingFuncImpl(4, 64, 4, 4, kRowFloats - 1).splitM, 0u);
}

// One float step [rows, 64] in place with a tmp buffer of tmpBytes, through `call`.
template <class Call>
simtest::LaunchOutcome LaunchOneStep(uint32_t rows, uint32_t tmpBytes, Call call) {
  return simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> dataBuf, sumBuf, maxBuf, expBuf, tmpBuf;
    pipe.InitBuffer(dataBuf, rows * 64 * sizeof(float));
    pipe.InitBuffer(sumBuf, rows * 32);
    pipe.InitBuffer(maxBuf, rows * 32);
    pipe.InitBuffer(expBuf, rows * 32);
    pipe.InitBuffer(tmpBuf, tmpBytes);
    LocalTensor<float> data = dataBuf.Get<float>(), sum = sumBuf.Get<float>(), max = maxBuf.Get<float>();
    Duplicate(data, 1.0f, rows * 64);
    Duplicate(sum, 1.0f, rows * 8);
    Duplicate(max, 0.5f, rows * 8);
    PipeBarrier<PIPE_ALL>();
    call(data, sum, max, expBuf.Get<float>(), tmpBuf.Get<uint8_t>());
  });
}

TEST(SoftmaxFlashV2Test, TooSmallTmpBufferIsReported) {
  // The tiling's 8-row pass needs 8 * 320 bytes.
  const auto outcome = LaunchOneStep(8, 1024, [](auto data, auto sum, auto max, auto exp, auto tmp) {
    SoftmaxFlashV2<float, true>(data, sum, max, data, exp, sum, max, tmp, simtest::SoftMaxTilingFor(8, 64, 8));
  });
  EXPECT_EQ(outcome.status, 1);
  EXPECT_TRUE(outcome.HasKind("ub-out-of-bounds")) << outcome.Describe();
  EXPECT_NE(outcome.Describe().find("needs 2560"), std::string::npos) << outcome.Describe();
}

TEST(SoftmaxFlashV2Test, WithoutTmpBufferThePassMustFitInTheFreeUb) {
  const auto outcome = simtest::LaunchWithFreeUb(8 * 64 + 3 * 64, 1024, [](const LocalTensor<float>& all) {
    LocalTensor<float> data = all, sum = all[8 * 64], max = all[9 * 64], exp = all[10 * 64];
    SoftmaxFlashV2<float, false>(data, sum, max, data, exp, sum, max, simtest::SoftMaxTilingFor(8, 64, 8));
  });
  EXPECT_EQ(outcome.status, 1);
  EXPECT_TRUE(outcome.HasKind("ub-overflow")) << outcome.Describe();
}

TEST(SoftmaxFlashV2Test, BasicBlockNeedsRowsOfEightAndColumnsOfSixtyFour) {
  const auto outcome = LaunchOneStep(4, 4096, [](auto data, auto sum, auto max, auto exp, auto tmp) {
    SoftmaxFlashV2<float, false, false, true>(data, sum, max, data, exp, sum, max, tmp,
                                              simtest::SoftMaxTilingFor(4, 64, 4));
  });
  EXPECT_EQ(outcome.status, 1);
  ASSERT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
  EXPECT_NE(outcome.Describe().find("isBasicBlock"), std::string::npos) << outcome.Describe();
  const auto basic = LaunchOneStep(8, 4096, [](auto data, auto sum, auto max, auto exp, auto tmp) {
    SoftmaxFlashV2<float, false, false, true>(data, sum, max, data, exp, sum, max, tmp,
                                              simtest::SoftMaxTilingFor(8, 64, 8));
  });
  EXPECT_EQ(basic.status, 0) << basic.Describe();
}

constexpr SoftmaxConfig kTakeTilingAsItIs = {false};

TEST(SoftmaxFlashV2Test, WithoutTilingCheckTheTilingMustDescribeTheShape) {
  const auto outcome = LaunchOneStep(8, 4096, [](auto data, auto sum, auto max, auto exp, auto tmp) {
    SoftmaxFlashV2<float, true, false, false, false, kTakeTilingAsItIs>(
        data, sum, max, data, exp, sum, max, tmp, simtest::SoftMaxTilingFor(4, 64, 4), SoftMaxShapeInfo{8, 64, 8, 64});
  });
  EXPECT_EQ(outcome.status, 1);
  ASSERT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
  EXPECT_NE(outcome.Describe().find("isCheckTiling"), std::string::npos) << outcome.Describe();
  // With the check on, the other shape is tiled anew and runs.
  const auto checked = LaunchOneStep(8, 4096, [](auto data, auto sum, auto max, auto exp, auto tmp) {
    SoftmaxFlashV2<float, true>(data, sum, max, data, exp, sum, max, tmp, simtest::SoftMaxTilingFor(4, 64, 4),
                                SoftMaxShapeInfo{8, 64, 8, 64});
  });
  EXPECT_EQ(checked.status, 0) << checked.Describe();
}

TEST(SoftmaxFlashV2Test, InputMaxMustRepeatOneValuePerRow) {
  const auto outcome = LaunchOneStep(8, 4096, [](auto data, auto sum, auto max, auto exp, auto tmp) {
    max.SetValue(8 * 3 + 5, 7.0f);  // row 3, lane 5
    PipeBarrier<PIPE_ALL>();
    SoftmaxFlashV2<float, true>(data, sum, max, data, exp, sum, max, tmp, simtest::SoftMaxTilingFor(8, 64, 8));
  });
  EXPECT_EQ(outcome.status, 1);
  ASSERT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
  EXPECT_NE(outcome.Describe().find("inMaxTensor row 3"), std::string::npos) << outcome.Describe();
}

TEST(SoftmaxFlashV2Test, OnlyTheDocumentedOperandsMayShareMemory) {
  const auto expIsInMax = LaunchOneStep(8, 4096, [](auto data, auto sum, auto max, auto, auto tmp) {
    SoftmaxFlashV2<float, true>(data, sum, max, data, max, sum, max, tmp, simtest::SoftMaxTilingFor(8, 64, 8));
  });
  EXPECT_EQ(expIsInMax.status, 1);
  ASSERT_TRUE(expIsInMax.HasKind("bad-parameter")) << expIsInMax.Describe();
  EXPECT_NE(expIsInMax.Describe().find("maxTensor overlaps expMaxTensor"), std::string::npos) << expIsInMax.Describe();
  const auto tmpInSource = LaunchOneStep(8, 4096, [](auto data, auto sum, auto max, auto exp, auto) {
    SoftmaxFlashV2<float, false>(data, sum, max, data, exp, sum, max, data.template ReinterpretCast<uint8_t>(),
                                 simtest::SoftMaxTilingFor(8, 64, 8));
  });
  EXPECT_EQ(tmpInSource.status, 1);
  EXPECT_NE(tmpInSource.Describe().find("sharedTmpBuffer overlaps"), std::string::npos) << tmpInSource.Describe();
}

TEST(SoftmaxFlashV2Test, TilingWithoutRowsIsReported) {
  const auto outcome = LaunchOneStep(8, 4096, [](auto data, auto sum, auto max, auto exp, auto tmp) {
    SoftmaxFlashV2<float, false>(data, sum, max, data, exp, sum, max, tmp,
                                 SoftMaxFlashV2TilingFuncImpl(8, 64, 4, 4, 10));
  });
  EXPECT_EQ(outcome.status, 1);
  ASSERT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
  EXPECT_NE(outcome.Describe().find("GetSoftMaxFlashV2MinTmpSize"), std::string::npos) << outcome.Describe();
}

}  // namespace
