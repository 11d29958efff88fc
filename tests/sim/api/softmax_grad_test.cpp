// SoftmaxGrad and SoftmaxGradFront: each row's sum of grad * src and (grad - sum) * src against a
// reference computed here, for float and half; the padding past oriSrcK kept out of the sum; the
// isFront sums repeated over a 32-byte block per row; the temporary-space contract, and a tiling
// from the host helpers at their minimum size.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "kernel_test_support.h"
#include "softmax_test_support.h"
#include "tiling/tiling_api.h"

using namespace AscendC;
using simtest::SoftMaxTilingFor;
using simtest::Wave;

namespace {

struct Reference {
  std::vector<double> dst;  // (grad - sum) * src, every column
  std::vector<double> sum;  // per row, over the first realColumns
};

Reference RowSoftmaxGrad(const std::vector<float>& grad, const std::vector<float>& src, uint32_t rows, uint32_t columns,
                         uint32_t realColumns) {
  Reference reference{std::vector<double>(src.size()), std::vector<double>(rows)};
  for (uint32_t row = 0; row < rows; ++row) {
    const float* g = grad.data() + row * columns;
    const float* y = src.data() + row * columns;
    double sum = 0.0;
    for (uint32_t j = 0; j < realColumns; ++j) sum += double(g[j]) * y[j];
    for (uint32_t j = 0; j < columns; ++j) reference.dst[row * columns + j] = (g[j] - sum) * y[j];
    reference.sum[row] = sum;
  }
  return reference;
}

// Softmax-like outputs: positive, below one.
std::vector<float> Probabilities(uint32_t count) {
  std::vector<float> values(count);
  for (uint32_t i = 0; i < count; ++i) values[i] = 0.02f + 0.05f * float((i * 7) % 13);
  return values;
}

template <class T>
std::vector<T> Rounded(std::vector<float>& values) {
  std::vector<T> rounded(values.begin(), values.end());
  for (size_t i = 0; i < values.size(); ++i) values[i] = float(rounded[i]);
  return rounded;
}

template <class T>
struct GradRun {
  simtest::LaunchOutcome outcome;
  std::vector<T> dst;
};

enum class Form { kGrad, kGradFront };

// Runs SoftmaxGrad<T> (or SoftmaxGradFront) on [rows, columns] grad and src staged in UB and
// returns dst ([rows, columns], or [rows, 32 / sizeof(T)] with isFront). A tmpBytes of 0 takes the
// form without a sharedTmpBuffer.

template <class T>
GradRun<T> RunSoftmaxGrad(const std::vector<T>& grad, const std::vector<T>& src, const SoftMaxTiling& tiling,
                          const SoftMaxShapeInfo& shape, bool isFront, uint32_t tmpBytes, Form form = Form::kGrad) {
  const uint32_t rows = shape.srcM != 0 ? shape.srcM : tiling.srcM;
  const size_t dstCount = isFront ? rows * (32 / sizeof(T)) : src.size();
  simtest::GmBuffer<T> gradGm(grad), srcGm(src), dstGm{std::vector<T>(dstCount)};
  GradRun<T> run;
  run.outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> gradBuf, srcBuf, dstBuf, tmpBuf;
    pipe.InitBuffer(gradBuf, src.size() * sizeof(T));
    pipe.InitBuffer(srcBuf, src.size() * sizeof(T));
    pipe.InitBuffer(dstBuf, dstCount * sizeof(T));
    if (tmpBytes != 0) pipe.InitBuffer(tmpBuf, tmpBytes);
    GlobalTensor<T> gradGlobal, srcGlobal, dstGlobal;
    gradGlobal.SetGlobalBuffer((__gm__ T*)gradGm.addr(), src.size());
    srcGlobal.SetGlobalBuffer((__gm__ T*)srcGm.addr(), src.size());
    dstGlobal.SetGlobalBuffer((__gm__ T*)dstGm.addr(), dstCount);
    LocalTensor<T> gradLocal = gradBuf.Get<T>(), srcLocal = srcBuf.Get<T>(), dstLocal = dstBuf.Get<T>();
    DataCopy(gradLocal, gradGlobal, src.size());
    DataCopy(srcLocal, srcGlobal, src.size());
    PipeBarrier<PIPE_ALL>();
    if (form == Form::kGradFront) {
      SoftmaxGradFront<T>(dstLocal, gradLocal, srcLocal, tmpBuf.Get<uint8_t>(), tiling, shape);
    } else if (tmpBytes != 0) {
      SoftmaxGrad<T>(dstLocal, gradLocal, srcLocal, tmpBuf.Get<uint8_t>(), tiling, isFront, shape);
    } else {
      SoftmaxGrad<T>(dstLocal, gradLocal, srcLocal, tiling, isFront, shape);
    }
    PipeBarrier<PIPE_ALL>();
    DataCopy(dstGlobal, dstLocal, dstCount);
  });
  run.dst = dstGm.values();
  return run;
}

// [4, 32] floats, a sharedTmpBuffer for the tiling's two rows per pass: (32 + 16) * 4 bytes a row.
TEST(SoftmaxGradTest, FloatRowsMatchTheReference) {
  constexpr uint32_t kRows = 4, kColumns = 32;
  const std::vector<float> grad = Wave(kRows * kColumns, 2.0f, 0.0f), src = Probabilities(kRows * kColumns);
  const auto run = RunSoftmaxGrad<float>(grad, src, SoftMaxTilingFor(kRows, kColumns, 2), {}, false, 2 * 48 * 4);
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  const Reference reference = RowSoftmaxGrad(grad, src, kRows, kColumns, kColumns);
  for (size_t i = 0; i < run.dst.size(); ++i) {
    ASSERT_NEAR(run.dst[i], reference.dst[i], 1e-5 * (std::fabs(reference.dst[i]) + 1.0)) << "element " << i;
  }
}

// half rows of 32 of which the first 20 are data; the padding (grad 50, src 0.9) would dominate the
// sum. The shape comes from softmaxShapeInfo and the form has no sharedTmpBuffer.
TEST(SoftmaxGradTest, HalfRowsKeepThePaddingOutOfTheSum) {
  constexpr uint32_t kRows = 3, kColumns = 32, kReal = 20;
  std::vector<float> gradValues = Wave(kRows * kColumns, 1.5f, 0.4f), srcValues = Probabilities(kRows * kColumns);
  for (uint32_t row = 0; row < kRows; ++row) {
    for (uint32_t j = kReal; j < kColumns; ++j) {
      gradValues[row * kColumns + j] = 50.0f;
      srcValues[row * kColumns + j] = 0.9f;
    }
  }
  const std::vector<half> grad = Rounded<half>(gradValues), src = Rounded<half>(srcValues);
  const SoftMaxShapeInfo shape{kRows, kColumns, kRows, kReal};
  const auto run = RunSoftmaxGrad<half>(grad, src, SoftMaxTiling{}, shape, false, 0);
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  const Reference reference = RowSoftmaxGrad(gradValues, srcValues, kRows, kColumns, kReal);
  for (size_t i = 0; i < run.dst.size(); ++i) {
    const double expected = reference.dst[i];
    ASSERT_NEAR(float(run.dst[i]), expected, 1e-3 * std::fabs(expected) + 1e-4) << "element " << i;
  }
}

// With isFront, dst holds each row's sum over the first oriSrcK columns, repeated over a 32-byte
// block: 8 floats, or 16 halves (the sum computed in float and rounded once).
TEST(SoftmaxGradTest, IsFrontGivesTheRowSumsOverABlock) {
  constexpr uint32_t kRows = 5, kColumns = 64, kReal = 50;
  std::vector<float> gradValues = Wave(kRows * kColumns, 3.0f, 1.0f), srcValues = Probabilities(kRows * kColumns);
  const SoftMaxShapeInfo shape{kRows, kColumns, kRows, kReal};
  const auto floatRun = RunSoftmaxGrad<float>(gradValues, srcValues, SoftMaxTiling{}, shape, true, 1024);
  ASSERT_EQ(floatRun.outcome.status, 0) << floatRun.outcome.Describe();
  const Reference floatReference = RowSoftmaxGrad(gradValues, srcValues, kRows, kColumns, kReal);
  for (uint32_t row = 0; row < kRows; ++row) {
    for (uint32_t lane = 0; lane < 8; ++lane) {
      EXPECT_NEAR(floatRun.dst[row * 8 + lane], floatReference.sum[row], 1e-5) << row << ", " << lane;
    }
  }

  // half, the shape from the tiling (every column real), one row a pass in the stack buffer.
  const std::vector<half> grad = Rounded<half>(gradValues), src = Rounded<half>(srcValues);
  const auto halfRun = RunSoftmaxGrad<half>(grad, src, SoftMaxTilingFor(kRows, kColumns, 1), {}, true, 0);
  ASSERT_EQ(halfRun.outcome.status, 0) << halfRun.outcome.Describe();
  const Reference wholeRows = RowSoftmaxGrad(gradValues, srcValues, kRows, kColumns, kColumns);
  for (uint32_t row = 0; row < kRows; ++row) {
    for (uint32_t lane = 0; lane < 16; ++lane) {
      EXPECT_EQ(float(halfRun.dst[row * 16 + lane]), float(half(float(wholeRows.sum[row])))) << row << ", " << lane;
    }
  }
}

TEST(SoftmaxGradTest, SoftmaxGradFrontIsSoftmaxGradWithIsFront) {
  constexpr uint32_t kRows = 2, kColumns = 16;
  const std::vector<float> grad = Wave(kRows * kColumns, 1.0f, 2.0f), src = Probabilities(kRows * kColumns);
  const SoftMaxTiling tiling = SoftMaxTilingFor(kRows, kColumns, 2);
  const auto front = RunSoftmaxGrad<float>(grad, src, tiling, {}, true, 512, Form::kGradFront);
  const auto grad2 = RunSoftmaxGrad<float>(grad, src, tiling, {}, true, 512);
  ASSERT_EQ(front.outcome.status, 0) << front.outcome.Describe();
  ASSERT_EQ(grad2.outcome.status, 0) << grad2.outcome.Describe();
  EXPECT_EQ(front.dst, grad2.dst);
}

// A sharedTmpBuffer smaller than the tiling's pass: two rows of 64 halves need 2 * (3 * 64 + 16) * 4.
TEST(SoftmaxGradTest, TooSmallTmpBufferIsReported) {
  std::vector<float> values(4 * 64, 0.5f);
  const std::vector<half> data = Rounded<half>(values);
  const auto run = RunSoftmaxGrad<half>(data, data, SoftMaxTilingFor(4, 64, 2), {}, false, 1024);
  EXPECT_EQ(run.outcome.status, 1);
  ASSERT_TRUE(run.outcome.HasKind("ub-out-of-bounds")) << run.outcome.Describe();
  EXPECT_NE(run.outcome.Describe().find("needs 1664"), std::string::npos) << run.outcome.Describe();
}

// Without a sharedTmpBuffer the pass must fit in the UB the pipe left free.
TEST(SoftmaxGradTest, WithoutTmpBufferThePassMustFitInTheFreeUb) {
  // 8 rows of 320 bytes in 1024 free bytes.
  const auto outcome = simtest::LaunchWithFreeUb(8 * 64, 1024, [](const LocalTensor<float>& data) {
    SoftmaxGrad<float>(data, data, data, SoftMaxTilingFor(8, 64, 8));
  });
  EXPECT_EQ(outcome.status, 1);
  EXPECT_TRUE(outcome.HasKind("ub-overflow")) << outcome.Describe();
}

TEST(SoftmaxGradTest, TilingWithoutRowsIsReported) {
  std::vector<float> values(2 * 16, 1.0f);
  const auto run = RunSoftmaxGrad<float>(values, values, SoftMaxTilingFor(2, 16, 0), {}, false, 0);
  ASSERT_TRUE(run.outcome.HasKind("bad-parameter")) << run.outcome.Describe();
  EXPECT_NE(run.outcome.Describe().find("GetSoftMaxGradMinTmpSize"), std::string::npos) << run.outcome.Describe();
}

// The host helpers' tiling, with GetSoftMaxGradMinTmpSize's size as the sharedTmpBuffer and as the
// stack space left free, runs: one row a pass, as the minimum holds.
template <class T>
void RunWithTheHostMinimum() {
  constexpr uint32_t kRows = 6, kColumns = 48;
  const ge::Shape shape({kRows, kColumns});
  const uint32_t minBytes = GetSoftMaxGradMinTmpSize(shape, sizeof(T), false, false);
  EXPECT_EQ(GetSoftMaxGradMaxTmpSize(shape, sizeof(T), false, false), kRows * minBytes);
  optiling::SoftMaxTiling hostTiling;
  SoftMaxGradTilingFunc(shape, sizeof(T), minBytes, hostTiling);
  ASSERT_EQ(hostTiling.get_splitM(), 1u);
  SoftMaxTiling tiling;
  ASSERT_EQ(hostTiling.GetDataSize(), sizeof(tiling));
  hostTiling.SaveToBuffer(&tiling, sizeof(tiling));

  std::vector<float> gradValues = Wave(kRows * kColumns, 1.0f, 0.3f), srcValues = Probabilities(kRows * kColumns);
  const std::vector<T> grad = Rounded<T>(gradValues), src = Rounded<T>(srcValues);
  const Reference reference = RowSoftmaxGrad(gradValues, srcValues, kRows, kColumns, kColumns);
  const auto shared = RunSoftmaxGrad<T>(grad, src, tiling, {}, false, minBytes);
  ASSERT_EQ(shared.outcome.status, 0) << shared.outcome.Describe();
  for (size_t i = 0; i < shared.dst.size(); ++i) {
    ASSERT_NEAR(float(shared.dst[i]), reference.dst[i], 2e-3 * std::fabs(reference.dst[i]) + 1e-4) << i;
  }
  // A sharedTmpBuffer one block short of it is reported.
  const auto shortRun = RunSoftmaxGrad<T>(grad, src, tiling, {}, false, minBytes - 32);
  EXPECT_TRUE(shortRun.outcome.HasKind("ub-out-of-bounds")) << shortRun.outcome.Describe();

  // Without a sharedTmpBuffer, in exactly minBytes of free UB.
  simtest::GmBuffer<T> gradGm(grad), srcGm(src), dstGm{std::vector<T>(src.size())};
  const auto stack = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> dataBuf, rest;
    const uint32_t dataBytes = 3 * kRows * kColumns * sizeof(T);
    pipe.InitBuffer(dataBuf, dataBytes);
    pipe.InitBuffer(rest, 196608 - dataBytes - minBytes);
    LocalTensor<T> all = dataBuf.Get<T>();
    LocalTensor<T> gradLocal = all, srcLocal = all[kRows * kColumns], dstLocal = all[2 * kRows * kColumns];
    GlobalTensor<T> gradGlobal, srcGlobal, dstGlobal;
    gradGlobal.SetGlobalBuffer((__gm__ T*)gradGm.addr(), src.size());
    srcGlobal.SetGlobalBuffer((__gm__ T*)srcGm.addr(), src.size());
    dstGlobal.SetGlobalBuffer((__gm__ T*)dstGm.addr(), src.size());
    DataCopy(gradLocal, gradGlobal, src.size());
    DataCopy(srcLocal, srcGlobal, src.size());
    PipeBarrier<PIPE_ALL>();
    SoftmaxGrad<T, false>(dstLocal, gradLocal, srcLocal, tiling, false,
                          SoftMaxShapeInfo{kRows, kColumns, kRows, kColumns});
    PipeBarrier<PIPE_ALL>();
    DataCopy(dstGlobal, dstLocal, src.size());
  });
  ASSERT_EQ(stack.status, 0) << stack.Describe();
  EXPECT_EQ(dstGm.values(), shared.dst);
}

TEST(SoftmaxGradTest, FloatTilingFromTheHostMinimumRuns) { RunWithTheHostMinimum<float>(); }
TEST(SoftmaxGradTest, HalfTilingFromTheHostMinimumRuns) { RunWithTheHostMinimum<half>(); }

}  // namespace
