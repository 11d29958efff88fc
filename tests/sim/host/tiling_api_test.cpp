// The host-side tiling helpers CANN's tiling/tiling_api.h offers op_host code.
#include "tiling/tiling_api.h"

#include <gtest/gtest.h>

namespace {

TEST(GeShapeTest, DimensionsAndSize) {
  ge::Shape shape(std::vector<int64_t>{2, 3, 4});
  EXPECT_EQ(shape.GetDimNum(), 3u);
  EXPECT_EQ(shape.GetDim(1), 3);
  EXPECT_EQ(shape.GetDim(7), 0);
  EXPECT_EQ(shape.GetShapeSize(), 24);
  EXPECT_EQ(shape.SetDim(2, 5), ge::GRAPH_SUCCESS);
  EXPECT_EQ(shape.SetDim(3, 5), ge::GRAPH_FAILED);
  EXPECT_EQ(shape.GetDims(), (std::vector<int64_t>{2, 3, 5}));
}

// Unlike gert::Shape, a ge::Shape without dimensions has no elements.
TEST(GeShapeTest, NoDimensionsIsSizeZero) { EXPECT_EQ(ge::Shape().GetShapeSize(), 0); }

TEST(SigmoidTilingTest, TmpSizeIsAtLeast256BytesAndAtMostTheInput) {
  uint32_t maxValue = 0, minValue = 0;
  AscendC::GetSigmoidMaxMinTmpSize(ge::Shape({1024}), sizeof(float), false, maxValue, minValue);
  EXPECT_EQ(minValue, 256u);
  EXPECT_EQ(maxValue, 4096u);
  AscendC::GetSigmoidMaxMinTmpSize(ge::Shape({16}), 2, false, maxValue, minValue);
  EXPECT_EQ(minValue, 256u);
  EXPECT_EQ(maxValue, 256u);
}

// Host code uses std::array, std::set and <algorithm> after including only CANN's headers.
TEST(TilingApiTest, BringsStdArraySetAndAlgorithm) {
  const std::array<int64_t, 2> range = {{0, 4}};
  EXPECT_EQ(range[1], 4);
  const std::set<ge::DataType> supported = {ge::DT_INT32};
  EXPECT_EQ(supported.count(ge::DT_INT32), 1u);
  std::string mode = "Dynamic";
  std::transform(mode.begin(), mode.end(), mode.begin(), [](char c) { return char(c | 0x20); });
  EXPECT_EQ(mode, "dynamic");
}

}  // namespace
