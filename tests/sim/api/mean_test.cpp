// Mean: each row's first n elements averaged, summed in accType in the vector unit's tree order.
#include <gtest/gtest.h>

#include <vector>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

// Runs Mean<T, Acc> on a UB copy of src ([params.outter, params.inner]) with a sharedTmpBuffer of
// `tmpBytes`, or without one when it is 0; returns dst's first `outter` values.
template <class T, class Acc = T>
simtest::LaunchOutcome RunMean(const std::vector<T>& src, MeanParams params, uint32_t tmpBytes,
                               std::vector<T>& result) {
  const uint32_t dstElements = 32 / sizeof(T) * ((params.outter * sizeof(T) + 31) / 32);
  simtest::GmBuffer<T> srcGm(src), dstGm{std::vector<T>(dstElements)};
  auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, dstBuf, tmpBuf;
    pipe.InitBuffer(srcBuf, src.size() * sizeof(T));
    pipe.InitBuffer(dstBuf, dstElements * sizeof(T));
    if (tmpBytes > 0) pipe.InitBuffer(tmpBuf, tmpBytes);
    GlobalTensor<T> srcGlobal, dstGlobal;
    srcGlobal.SetGlobalBuffer((__gm__ T*)srcGm.addr(), src.size());
    dstGlobal.SetGlobalBuffer((__gm__ T*)dstGm.addr(), dstElements);
    LocalTensor<T> srcLocal = srcBuf.Get<T>(), dstLocal = dstBuf.Get<T>();
    DataCopy(srcLocal, srcGlobal, src.size());
    Duplicate(dstLocal, T(0.0f), dstElements);
    PipeBarrier<PIPE_ALL>();
    if (tmpBytes > 0) {
      Mean<T, Acc>(dstLocal, srcLocal, tmpBuf.Get<uint8_t>(), params);
    } else {
      Mean<T, Acc>(dstLocal, srcLocal, params);
    }
    PipeBarrier<PIPE_ALL>();
    DataCopy(dstGlobal, dstLocal, dstElements);
  });
  result = dstGm.values();
  result.resize(params.outter);
  return outcome;
}

// Three padded rows of 16 floats with 13 real elements each: the padding does not count.
TEST(MeanTest, FloatRowsIgnoreTheirPadding) {
  std::vector<float> src(48, 1000.0f);
  std::vector<double> expected(3, 0.0);
  for (int row = 0; row < 3; ++row) {
    for (int i = 0; i < 13; ++i) {
      src[row * 16 + i] = float(row * 13 + i) * 0.37f - 4.0f;
      expected[row] += double(src[row * 16 + i]) / 13.0;
    }
  }
  std::vector<float> result;
  const auto outcome = RunMean<float>(src, MeanParams{3, 16, 13}, 32, result);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (int row = 0; row < 3; ++row) EXPECT_NEAR(result[row], expected[row], 1e-5) << "row " << row;
}

// 256 quarter values sum exactly in half, and 1/256 is exact: the mean is exact too.
TEST(MeanTest, HalfRowOfQuartersIsExact) {
  std::vector<half> src(256);
  double sum = 0.0;
  for (int i = 0; i < 256; ++i) {
    src[i] = half(float(i % 4) * 0.25f);
    sum += float(src[i]);
  }
  std::vector<half> result;
  const auto outcome = RunMean<half>(src, MeanParams{1, 256, 256}, 32, result);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(float(result[0]), float(sum / 256.0));
}

// [4096, 1, 1, 1]: added in half, 4096 + 1 rounds back to 4096 and (4096 + 2) ties to 4096, so the
// mean is 1024; accumulated in float the sum is 4099 and the mean 1024.75, stored as half 1025.
TEST(MeanTest, AccumulationTypeDecidesTheRounding) {
  std::vector<half> src(16, half(0.0f));
  src[0] = half(4096.0f);
  src[1] = src[2] = src[3] = half(1.0f);
  std::vector<half> inHalf, inFloat;
  ASSERT_EQ(RunMean<half>(src, MeanParams{1, 16, 4}, 32, inHalf).status, 0);
  ASSERT_EQ((RunMean<half, float>(src, MeanParams{1, 16, 4}, 64, inFloat).status), 0);
  EXPECT_EQ(float(inHalf[0]), 1024.0f);
  EXPECT_EQ(float(inFloat[0]), 1025.0f);
}

// A half row of 1024 accumulated in float converts the row (4096 bytes) and keeps 16 repeat sums
// (64 bytes): 4160 bytes, so a 4096-byte sharedTmpBuffer is too small.
TEST(MeanTest, TooSmallTmpBufferIsReported) {
  std::vector<half> src(1024, half(1.0f));
  std::vector<half> result;
  const auto outcome = RunMean<half, float>(src, MeanParams{1, 1024, 1024}, 4096, result);
  EXPECT_EQ(outcome.status, 1);
  ASSERT_TRUE(outcome.HasKind("ub-out-of-bounds")) << outcome.Describe();
  EXPECT_NE(outcome.Describe().find("needs 4160"), std::string::npos) << outcome.Describe();
}

// Without a sharedTmpBuffer Mean works in the UB past the TPipe's buffers.
TEST(MeanTest, WithoutTmpBufferUsesTheFreeUb) {
  std::vector<float> src(64, 2.0f);
  std::vector<float> result;
  ASSERT_EQ(RunMean<float>(src, MeanParams{1, 64, 64}, 0, result).status, 0);
  EXPECT_EQ(result[0], 2.0f);

  const auto full = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, rest;
    pipe.InitBuffer(srcBuf, 64 * sizeof(float));
    pipe.InitBuffer(rest, 196608 - 64 * sizeof(float));
    LocalTensor<float> srcLocal = srcBuf.Get<float>();
    Duplicate(srcLocal, 1.0f, 64);
    Mean<float>(srcLocal, srcLocal, MeanParams{1, 64, 64});
  });
  EXPECT_EQ(full.status, 1);
  EXPECT_TRUE(full.HasKind("ub-overflow")) << full.Describe();
}

TEST(MeanTest, RowsMustFillWholeBlocks) {
  std::vector<float> src(24, 1.0f);
  std::vector<float> result;
  const auto outcome = RunMean<float>(src, MeanParams{2, 12, 12}, 32, result);
  EXPECT_EQ(outcome.status, 1);
  EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
}

}  // namespace
