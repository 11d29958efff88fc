// SoftMax: each row's max, exp(x - max), their sum and the quotient, against a reference computed
// here; the sum and max outputs repeated over a 32-byte block per row; the padding past oriSrcK
// kept out of max and sum; and the temporary-space contract.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "kernel_test_support.h"
#include "softmax_test_support.h"

using namespace AscendC;
using simtest::SoftMaxTilingFor;
using simtest::Wave;

namespace {

struct Reference {
  std::vector<double> dst;
  std::vector<double> max;
  std::vector<double> sum;
};

// Row softmax of `values` ([rows, columns]), max and sum over the first `realColumns`.
Reference RowSoftmax(const std::vector<float>& values, uint32_t rows, uint32_t columns, uint32_t realColumns) {
  Reference reference{std::vector<double>(values.size()), std::vector<double>(rows), std::vector<double>(rows)};
  for (uint32_t row = 0; row < rows; ++row) {
    const float* x = values.data() + row * columns;
    double max = x[0];
    for (uint32_t j = 1; j < realColumns; ++j) max = std::fmax(max, x[j]);
    double sum = 0.0;
    for (uint32_t j = 0; j < realColumns; ++j) sum += std::exp(x[j] - max);
    for (uint32_t j = 0; j < columns; ++j) reference.dst[row * columns + j] = std::exp(x[j] - max) / sum;
    reference.max[row] = max;
    reference.sum[row] = sum;
  }
  return reference;
}

// [4, 32] floats with sum and max, a sharedTmpBuffer for the tiling's two rows per pass.
TEST(SoftMaxTest, FloatRowsWithSumAndMax) {
  constexpr uint32_t kRows = 4, kColumns = 32;
  const std::vector<float> src = Wave(kRows * kColumns, 3.0f);
  simtest::GmBuffer<float> srcGm(src), dstGm{std::vector<float>(src.size())}, sumGm{std::vector<float>(kRows * 8)},
      maxGm{std::vector<float>(kRows * 8)};
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, dstBuf, sumBuf, maxBuf, tmpBuf;
    pipe.InitBuffer(srcBuf, src.size() * sizeof(float));
    pipe.InitBuffer(dstBuf, src.size() * sizeof(float));
    pipe.InitBuffer(sumBuf, kRows * 32);
    pipe.InitBuffer(maxBuf, kRows * 32);
    pipe.InitBuffer(tmpBuf, 2 * (kColumns + 16) * sizeof(float));
    GlobalTensor<float> srcGlobal, dstGlobal, sumGlobal, maxGlobal;
    srcGlobal.SetGlobalBuffer((__gm__ float*)srcGm.addr(), src.size());
    dstGlobal.SetGlobalBuffer((__gm__ float*)dstGm.addr(), src.size());
    sumGlobal.SetGlobalBuffer((__gm__ float*)sumGm.addr(), kRows * 8);
    maxGlobal.SetGlobalBuffer((__gm__ float*)maxGm.addr(), kRows * 8);
    LocalTensor<float> srcLocal = srcBuf.Get<float>(), dstLocal = dstBuf.Get<float>();
    LocalTensor<float> sumLocal = sumBuf.Get<float>(), maxLocal = maxBuf.Get<float>();
    DataCopy(srcLocal, srcGlobal, src.size());
    PipeBarrier<PIPE_ALL>();
    SoftMax<float>(dstLocal, sumLocal, maxLocal, srcLocal, tmpBuf.Get<uint8_t>(), SoftMaxTilingFor(kRows, kColumns, 2));
    PipeBarrier<PIPE_ALL>();
    DataCopy(dstGlobal, dstLocal, src.size());
    DataCopy(sumGlobal, sumLocal, kRows * 8);
    DataCopy(maxGlobal, maxLocal, kRows * 8);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const Reference reference = RowSoftmax(src, kRows, kColumns, kColumns);
  const std::vector<float> dst = dstGm.values(), sum = sumGm.values(), max = maxGm.values();
  for (size_t i = 0; i < dst.size(); ++i) ASSERT_NEAR(dst[i], reference.dst[i], 1e-6) << "element " << i;
  for (uint32_t row = 0; row < kRows; ++row) {
    for (uint32_t lane = 0; lane < 8; ++lane) {
      EXPECT_EQ(max[row * 8 + lane], float(reference.max[row])) << "row " << row;
      EXPECT_NEAR(sum[row * 8 + lane], reference.sum[row], 1e-5 * reference.sum[row]) << "row " << row;
    }
  }
}

// half data with float sum and max; the shape comes from softmaxShapeInfo: rows of 32 halves of
// which the first 20 are data and the rest padding (100, which would dominate max and sum).
TEST(SoftMaxTest, HalfRowsWithPaddingAndFloatSumAndMax) {
  constexpr uint32_t kRows = 3, kColumns = 32, kReal = 20;
  std::vector<float> values = Wave(kRows * kColumns, 2.0f);
  for (uint32_t row = 0; row < kRows; ++row) {
    for (uint32_t j = kReal; j < kColumns; ++j) values[row * kColumns + j] = 100.0f;
  }
  std::vector<half> src(values.begin(), values.end());
  for (size_t i = 0; i < src.size(); ++i) values[i] = float(src[i]);
  simtest::GmBuffer<half> srcGm(src), dstGm{std::vector<half>(src.size())};
  simtest::GmBuffer<float> sumGm{std::vector<float>(kRows * 8)}, maxGm{std::vector<float>(kRows * 8)};
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, sumBuf, maxBuf;
    pipe.InitBuffer(srcBuf, src.size() * sizeof(half));
    pipe.InitBuffer(sumBuf, kRows * 32);
    pipe.InitBuffer(maxBuf, kRows * 32);
    GlobalTensor<half> srcGlobal, dstGlobal;
    GlobalTensor<float> sumGlobal, maxGlobal;
    srcGlobal.SetGlobalBuffer((__gm__ half*)srcGm.addr(), src.size());
    dstGlobal.SetGlobalBuffer((__gm__ half*)dstGm.addr(), src.size());
    sumGlobal.SetGlobalBuffer((__gm__ float*)sumGm.addr(), kRows * 8);
    maxGlobal.SetGlobalBuffer((__gm__ float*)maxGm.addr(), kRows * 8);
    LocalTensor<half> local = srcBuf.Get<half>();
    LocalTensor<float> sumLocal = sumBuf.Get<float>(), maxLocal = maxBuf.Get<float>();
    DataCopy(local, srcGlobal, src.size());
    PipeBarrier<PIPE_ALL>();
    const SoftMaxShapeInfo shape{kRows, kColumns, kRows, kReal};
    SoftMax<half>(local, sumLocal, maxLocal, local, SoftMaxTiling{}, shape);  // in place, no tmp buffer
    PipeBarrier<PIPE_ALL>();
    DataCopy(dstGlobal, local, src.size());
    DataCopy(sumGlobal, sumLocal, kRows * 8);
    DataCopy(maxGlobal, maxLocal, kRows * 8);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const Reference reference = RowSoftmax(values, kRows, kColumns, kReal);
  const std::vector<half> dst = dstGm.values();
  for (uint32_t row = 0; row < kRows; ++row) {
    for (uint32_t j = 0; j < kReal; ++j) {
      const double expected = reference.dst[row * kColumns + j];
      ASSERT_NEAR(float(dst[row * kColumns + j]), expected, 1e-3 * expected + 1e-6) << row << ", " << j;
    }
    EXPECT_EQ(maxGm.values()[row * 8 + 7], float(reference.max[row]));
    EXPECT_NEAR(sumGm.values()[row * 8], reference.sum[row], 1e-5 * reference.sum[row]);
  }
}

// Without a softmaxShapeInfo the shape is the source tensor's ShapeInfo, as CANN reads it: here 2
// rows of 16 floats whose original shape has 10 data columns, the rest 50 (which would dominate).
TEST(SoftMaxTest, ShapeComesFromTheSourceTensorsShapeInfo) {
  constexpr uint32_t kRows = 2, kColumns = 16, kReal = 10;
  std::vector<float> src = Wave(kRows * kColumns, 1.0f);
  for (uint32_t row = 0; row < kRows; ++row) {
    for (uint32_t j = kReal; j < kColumns; ++j) src[row * kColumns + j] = 50.0f;
  }
  simtest::GmBuffer<float> srcGm(src), maxGm{std::vector<float>(kRows * 8)};
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> dataBuf, sumBuf, maxBuf;
    pipe.InitBuffer(dataBuf, src.size() * sizeof(float));
    pipe.InitBuffer(sumBuf, kRows * 32);
    pipe.InitBuffer(maxBuf, kRows * 32);
    GlobalTensor<float> srcGlobal, maxGlobal;
    srcGlobal.SetGlobalBuffer((__gm__ float*)srcGm.addr(), src.size());
    maxGlobal.SetGlobalBuffer((__gm__ float*)maxGm.addr(), kRows * 8);
    LocalTensor<float> data = dataBuf.Get<float>(), maxLocal = maxBuf.Get<float>();
    DataCopy(data, srcGlobal, src.size());
    PipeBarrier<PIPE_ALL>();
    const uint32_t shape[] = {kRows, kColumns}, original[] = {kRows, kReal};
    data.SetShapeInfo(ShapeInfo(2, shape, 2, original, DataFormat::ND));
    SoftMax<float>(data, sumBuf.Get<float>(), maxLocal, data, SoftMaxTilingFor(kRows, kColumns, kRows));
    PipeBarrier<PIPE_ALL>();
    DataCopy(maxGlobal, maxLocal, kRows * 8);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const Reference reference = RowSoftmax(src, kRows, kColumns, kReal);
  for (uint32_t row = 0; row < kRows; ++row) EXPECT_EQ(maxGm.values()[row * 8], float(reference.max[row]));
}

// A sharedTmpBuffer smaller than the tiling's pass (two rows of 64 floats: 2 * (64 + 16) * 4 bytes).
TEST(SoftMaxTest, TooSmallTmpBufferIsReported) {
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> dataBuf, tmpBuf;
    pipe.InitBuffer(dataBuf, 4 * 64 * sizeof(float));
    pipe.InitBuffer(tmpBuf, 512);
    LocalTensor<float> data = dataBuf.Get<float>();
    Duplicate(data, 1.0f, 4 * 64);
    SoftMax<float>(data, data, tmpBuf.Get<uint8_t>(), SoftMaxTilingFor(4, 64, 2));
  });
  EXPECT_EQ(outcome.status, 1);
  ASSERT_TRUE(outcome.HasKind("ub-out-of-bounds")) << outcome.Describe();
  EXPECT_NE(outcome.Describe().find("needs 640"), std::string::npos) << outcome.Describe();
}

// Without a sharedTmpBuffer the pass must fit in the UB the pipe left free.
TEST(SoftMaxTest, WithoutTmpBufferThePassMustFitInTheFreeUb) {
  // 8 rows of 320 bytes in 1024 free bytes.
  const auto outcome = simtest::LaunchWithFreeUb(
      8 * 64, 1024, [](const LocalTensor<float>& data) { SoftMax<float>(data, data, SoftMaxTilingFor(8, 64, 8)); });
  EXPECT_EQ(outcome.status, 1);
  EXPECT_TRUE(outcome.HasKind("ub-overflow")) << outcome.Describe();
}

TEST(SoftMaxTest, TilingWithoutRowsAndUnalignedRowsAreReported) {
  const auto noRows = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> dataBuf;
    pipe.InitBuffer(dataBuf, 2 * 16 * sizeof(float));
    LocalTensor<float> data = dataBuf.Get<float>();
    Duplicate(data, 1.0f, 2 * 16);
    SoftMax<float>(data, data, SoftMaxTilingFor(2, 16, 0));
  });
  EXPECT_TRUE(noRows.HasKind("bad-parameter")) << noRows.Describe();
  const auto unaligned = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> dataBuf;
    pipe.InitBuffer(dataBuf, 2 * 16 * sizeof(float));
    LocalTensor<float> data = dataBuf.Get<float>();
    Duplicate(data, 1.0f, 2 * 16);
    SoftMax<float>(data, data, SoftMaxTiling{}, SoftMaxShapeInfo{2, 12, 2, 12});
  });
  EXPECT_TRUE(unaligned.HasKind("bad-parameter")) << unaligned.Describe();
}

}  // namespace
