// Sum, the high-level row reduction: per row, counter-mode RepeatReduceSum passes (one adder tree
// per 256-byte repeat, then the same over the partial sums), in sharedTmpBuffer or the stack buffer.
#include <gtest/gtest.h>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

using simtest::RunOnUb;

// The A2 order: each 256-byte repeat's lanes (zero past n) as a binary tree of adjacent pairs,
// rounded to T at every addition, then the same over the repeat sums until one is left.
template <class T>
float TreeOrderSum(std::vector<float> values) {
  const size_t lanes = 256 / sizeof(T);
  while (values.size() > 1) {
    std::vector<float> sums;
    for (size_t first = 0; first < values.size(); first += lanes) {
      std::vector<float> tree(lanes, 0.0f);
      for (size_t lane = 0; lane < lanes && first + lane < values.size(); ++lane) tree[lane] = values[first + lane];
      for (size_t width = lanes; width > 1; width /= 2)
        for (size_t i = 0; i < width / 2; ++i) tree[i] = float(T(tree[2 * i] + tree[2 * i + 1]));
      sums.push_back(tree[0]);
    }
    values = sums;
  }
  return values.empty() ? 0.0f : values[0];
}

TEST(SumTest, SumsTheFirstNElementsOfEachRow) {
  // Two rows of inner = 8 floats, n = 3: the padding past n must not count.
  const std::vector<float> src = {1, 2, 3, 100, 100, 100, 100, 100, 4, 5, 6, 100, 100, 100, 100, 100};
  const auto run = RunOnUb<float, float>(src, std::vector<float>(8, -1.0f), [](const auto& dst, const auto& src) {
    Sum(dst, src, SumParams{2, 8, 3});
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  EXPECT_EQ(run.dst[0], 6.0f);
  EXPECT_EQ(run.dst[1], 15.0f);
  EXPECT_EQ(run.dst[2], -1.0f) << "only one element per row is written";
}

// 300 halves take three repeats and a second pass; the half rounding follows the tree order.
TEST(SumTest, LongHalfRowsReduceThePartialSumsAgainInTreeOrder) {
  constexpr uint32_t kN = 300, kInner = 304;
  std::vector<float> values = simtest::RandomFloats(kN, -40.0f, 90.0f, 7);
  std::vector<half> src(kInner, half(0.0f));
  for (uint32_t i = 0; i < kN; ++i) src[i] = half(values[i]);
  for (uint32_t i = 0; i < kN; ++i) values[i] = float(src[i]);
  simtest::GmBuffer<half> srcGm(src), dstGm(std::vector<half>(16, half(0.0f)));
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, dstBuf, tmpBuf;
    pipe.InitBuffer(srcBuf, kInner * sizeof(half));
    pipe.InitBuffer(dstBuf, 16 * sizeof(half));
    pipe.InitBuffer(tmpBuf, 32);
    GlobalTensor<half> srcGlobal, dstGlobal;
    srcGlobal.SetGlobalBuffer((__gm__ half*)srcGm.addr(), kInner);
    dstGlobal.SetGlobalBuffer((__gm__ half*)dstGm.addr(), 16);
    LocalTensor<half> srcLocal = srcBuf.Get<half>(), dstLocal = dstBuf.Get<half>();
    DataCopy(srcLocal, srcGlobal, kInner);
    Duplicate(dstLocal, half(0.0f), 16);
    PipeBarrier<PIPE_ALL>();
    Sum(dstLocal, srcLocal, tmpBuf.Get<uint8_t>(), SumParams{1, kInner, kN});
    PipeBarrier<PIPE_ALL>();
    DataCopy(dstGlobal, dstLocal, 16);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(float(dstGm.values()[0]), float(half(TreeOrderSum<half>(values))));
}

TEST(SumTest, WithoutATmpBufferTheStackHoldsThePartialSums) {
  const std::vector<float> src(1024, 0.5f);
  const auto run = RunOnUb<float, float>(src, std::vector<float>(8, 0.0f), [](const auto& dst, const auto& src) {
    Sum(dst, src, SumParams{1, 1024, 1000});
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  EXPECT_EQ(run.dst[0], 500.0f);
}

TEST(SumTest, ATmpBufferTooSmallForThePartialSumsIsOutOfBounds) {
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> srcBuf, dstBuf, tmpBuf;
    pipe.InitBuffer(srcBuf, 1024 * sizeof(float));
    pipe.InitBuffer(dstBuf, 32);
    pipe.InitBuffer(tmpBuf, 32);  // 8 floats; 1024 floats leave 16 partial sums
    Duplicate(srcBuf.Get<float>(), 1.0f, 1024);
    Sum(dstBuf.Get<float>(), srcBuf.Get<float>(), tmpBuf.Get<uint8_t>(), SumParams{1, 1024, 1024});
  });
  EXPECT_TRUE(outcome.HasKind("ub-out-of-bounds")) << outcome.Describe();
}

TEST(SumTest, RowsThatAreNotWholeBlocksOrNOutsideTheRowAreBadParameters) {
  const std::vector<float> src(16, 1.0f);
  for (const SumParams params : {SumParams{1, 6, 3}, SumParams{1, 8, 9}, SumParams{1, 8, 0}}) {
    const auto run = RunOnUb<float, float>(src, std::vector<float>(8, 0.0f),
                                           [&](const auto& dst, const auto& src) { Sum(dst, src, params); });
    EXPECT_TRUE(run.outcome.HasKind("bad-parameter")) << params.inner << " " << params.n << run.outcome.Describe();
  }
}

}  // namespace
