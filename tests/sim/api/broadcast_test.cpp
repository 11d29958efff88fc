// BroadCast: [m, 1] -> [m, k] and [1, k] -> [m, k] (also in place), 1-D, and the shape
// checks, against references computed here.
#include <gtest/gtest.h>

#include <vector>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

TEST(BroadcastTest, LastAxisRepeatsEachRowsElement) {
  constexpr uint32_t kRows = 5;
  constexpr uint32_t kColumns = 19;  // not a whole block: dst is dense [m, k] all the same
  std::vector<float> src(8, 0.0f);
  for (uint32_t row = 0; row < kRows; ++row) src[row] = float(row) + 0.5f;
  const auto run = simtest::RunOnUb<float>(src, std::vector<float>(104, -1.0f), [](auto& dst, auto& in) {
    const uint32_t dstShape[2] = {kRows, kColumns};
    const uint32_t srcShape[2] = {kRows, 1};
    BroadCast<float, 2, 1>(dst, in, dstShape, srcShape);
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < kRows * kColumns; ++i) ASSERT_EQ(run.dst[i], float(i / kColumns) + 0.5f) << i;
  EXPECT_EQ(run.dst[kRows * kColumns], -1.0f) << "nothing past [m, k] is written";
}

TEST(BroadcastTest, FirstAxisRepeatsTheRowInPlace) {
  constexpr uint32_t kRows = 4;
  constexpr uint32_t kColumns = 32;  // 64 bytes of half
  std::vector<half> values(kRows * kColumns, half(0.0f));
  for (uint32_t column = 0; column < kColumns; ++column) values[column] = half(float(column) - 7.0f);
  const auto run = simtest::RunOnUb<half>(std::vector<half>(16, half(0.0f)), values, [](auto& dst, auto& in) {
    const uint32_t dstShape[2] = {kRows, kColumns};
    const uint32_t srcShape[2] = {1, kColumns};
    LocalTensor<uint8_t> tmp = in.template ReinterpretCast<uint8_t>();
    BroadCast<half, 2, 0>(dst, dst, dstShape, srcShape, tmp);
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < kRows * kColumns; ++i) ASSERT_EQ(float(run.dst[i]), float(i % kColumns) - 7.0f) << i;
}

TEST(BroadcastTest, OneDimensionFillsFromOneElement) {
  const auto run = simtest::RunOnUb<float>(std::vector<float>(8, 3.25f), std::vector<float>(16, 0.0f),
                                           [](auto& dst, auto& in) {
                                             const uint32_t dstShape[1] = {16};
                                             const uint32_t srcShape[1] = {1};
                                             BroadCast<float, 1, 0>(dst, in, dstShape, srcShape);
                                           });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (float value : run.dst) EXPECT_EQ(value, 3.25f);
}

TEST(BroadcastTest, MismatchedShapesAndUnalignedFirstAxisRowsAreBadParameters) {
  const auto mismatch = simtest::RunOnUb<float>(std::vector<float>(8, 1.0f), std::vector<float>(64, 0.0f),
                                                [](auto& dst, auto& in) {
                                                  const uint32_t dstShape[2] = {4, 16};
                                                  const uint32_t srcShape[2] = {2, 1};
                                                  BroadCast<float, 2, 1>(dst, in, dstShape, srcShape);
                                                });
  ASSERT_TRUE(mismatch.outcome.HasKind("bad-parameter")) << mismatch.outcome.Describe();
  EXPECT_EQ(mismatch.outcome.diagnostics[0].api, "Broadcast");

  const auto unaligned = simtest::RunOnUb<float>(std::vector<float>(8, 1.0f), std::vector<float>(64, 0.0f),
                                                 [](auto& dst, auto& in) {
                                                   const uint32_t dstShape[2] = {4, 6};
                                                   const uint32_t srcShape[2] = {1, 6};
                                                   BroadCast<float, 2, 0>(dst, in, dstShape, srcShape);
                                                 });
  EXPECT_TRUE(unaligned.outcome.HasKind("bad-parameter")) << unaligned.outcome.Describe();
}

}  // namespace
