// SelectWithBytesMask: a mask element (not bit) per element, 0 picking src0, with one side a
// scalar; mask columns past the source's are ignored, and sharedTmpBuffer must hold a row's scratch.
#include <gtest/gtest.h>

#include <vector>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

// Runs `select(dst, src, mask, tmp)` on UB copies of src and mask, with a tmp of `tmpBytes`.
template <class T, class U, class Select>
simtest::LaunchOutcome RunOnUb(const std::vector<T>& src, const std::vector<U>& mask, uint32_t tmpBytes,
                               std::vector<T>& result, Select select) {
  simtest::GmBuffer<T> srcGm(src), dstGm(std::vector<T>(src.size()));
  simtest::GmBuffer<U> maskGm(mask);
  auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, dstBuf, maskBuf, tmpBuf;
    pipe.InitBuffer(srcBuf, src.size() * sizeof(T));
    pipe.InitBuffer(dstBuf, src.size() * sizeof(T));
    pipe.InitBuffer(maskBuf, mask.size() * sizeof(U));
    pipe.InitBuffer(tmpBuf, tmpBytes);
    GlobalTensor<T> srcGlobal, dstGlobal;
    GlobalTensor<U> maskGlobal;
    srcGlobal.SetGlobalBuffer((__gm__ T*)srcGm.addr(), src.size());
    dstGlobal.SetGlobalBuffer((__gm__ T*)dstGm.addr(), src.size());
    maskGlobal.SetGlobalBuffer((__gm__ U*)maskGm.addr(), mask.size());
    LocalTensor<T> srcLocal = srcBuf.Get<T>(), dstLocal = dstBuf.Get<T>();
    LocalTensor<U> maskLocal = maskBuf.Get<U>();
    DataCopy(srcLocal, srcGlobal, src.size());
    DataCopy(maskLocal, maskGlobal, mask.size());
    PipeBarrier<PIPE_ALL>();
    select(dstLocal, srcLocal, maskLocal, tmpBuf.Get<uint8_t>());
    PipeBarrier<PIPE_ALL>();
    DataCopy(dstGlobal, dstLocal, src.size());
  });
  result = dstGm.values();
  return outcome;
}

// Two rows of 16 halves; the bool mask rows are 32 long and their last 16 columns are ignored.
TEST(SelectWithBytesMaskTest, TensorWhereMaskIsZeroScalarElsewhere) {
  std::vector<half> src(32);
  std::vector<bool> maskValues(64);
  for (int i = 0; i < 32; ++i) src[i] = half(float(i) + 0.5f);
  for (int row = 0; row < 2; ++row) {
    for (int column = 0; column < 32; ++column) maskValues[row * 32 + column] = column >= 16 || (column + row) % 3 == 0;
  }
  std::vector<uint8_t> mask(maskValues.begin(), maskValues.end());
  std::vector<half> result;
  const auto outcome = RunOnUb(src, mask, 32, result, [](auto dst, auto srcLocal, auto maskLocal, auto tmp) {
    SelectWithBytesMaskShapeInfo info;
    info.firstAxis = 2;
    info.srcLastAxis = 16;
    info.maskLastAxis = 32;
    const LocalTensor<bool> boolMask = maskLocal.template ReinterpretCast<bool>();
    SelectWithBytesMask(dst, srcLocal, half(-1.0f), boolMask, tmp, info);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (int row = 0; row < 2; ++row) {
    for (int column = 0; column < 16; ++column) {
      const int i = row * 16 + column;
      const float expected = maskValues[row * 32 + column] ? -1.0f : float(i) + 0.5f;
      EXPECT_EQ(float(result[i]), expected) << "element " << i;
    }
  }
}

// The scalar as src0 (taken where the mask is 0), an int16_t mask, and dst the source tensor itself.
TEST(SelectWithBytesMaskTest, ScalarWhereMaskIsZeroInPlace) {
  std::vector<float> src(16);
  std::vector<int16_t> mask(16);
  for (int i = 0; i < 16; ++i) {
    src[i] = float(i) * 2.0f;
    mask[i] = int16_t(i % 4 == 0 ? 0 : -i);
  }
  std::vector<float> result;
  const auto outcome = RunOnUb(src, mask, 32, result, [](auto dst, auto srcLocal, auto maskLocal, auto tmp) {
    SelectWithBytesMaskShapeInfo info{1, 16, 16};
    SelectWithBytesMask(srcLocal, 7.0f, srcLocal, maskLocal, tmp, info);
    DataCopy(dst, srcLocal, 16);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (int i = 0; i < 16; ++i) EXPECT_EQ(result[i], i % 4 == 0 ? 7.0f : float(i) * 2.0f) << "element " << i;
}

// A row of 64 halves converts its mask into 128 bytes of scratch; 96 are too few.
TEST(SelectWithBytesMaskTest, TooSmallTmpBufferIsReported) {
  std::vector<half> src(64, half(1.0f));
  std::vector<uint8_t> mask(64, 1);
  std::vector<half> result;
  const auto outcome = RunOnUb(src, mask, 96, result, [](auto dst, auto srcLocal, auto maskLocal, auto tmp) {
    SelectWithBytesMask(dst, srcLocal, half(0.0f), maskLocal, tmp, SelectWithBytesMaskShapeInfo{1, 64, 64});
  });
  EXPECT_EQ(outcome.status, 1);
  ASSERT_TRUE(outcome.HasKind("ub-out-of-bounds")) << outcome.Describe();
  EXPECT_NE(outcome.Describe().find("needs 128"), std::string::npos) << outcome.Describe();
}

TEST(SelectWithBytesMaskTest, RowsMustFillWholeBlocks) {
  std::vector<half> src(32, half(1.0f));
  std::vector<uint8_t> mask(32, 0);
  std::vector<half> result;
  const auto outcome = RunOnUb(src, mask, 64, result, [](auto dst, auto srcLocal, auto maskLocal, auto tmp) {
    SelectWithBytesMask(dst, srcLocal, half(0.0f), maskLocal, tmp, SelectWithBytesMaskShapeInfo{2, 12, 16});
  });
  EXPECT_EQ(outcome.status, 1);
  EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
}

}  // namespace
