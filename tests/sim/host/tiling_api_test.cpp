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

// A row's mask converted to half is the minimum; every row's the maximum. Cutting a longer mask
// row needs room of its own unless the mask may be reused.
TEST(SelectWithBytesMaskTilingTest, TmpSizesFollowTheRowScratch) {
  const ge::Shape src({4, 64}), scalar({1}), mask({4, 96});
  uint32_t maxValue = 0, minValue = 0;
  AscendC::GetSelectWithBytesMaskMaxMinTmpSize(src, scalar, 2, ge::Shape({4, 64}), 1, true, maxValue, minValue);
  EXPECT_EQ(minValue, 128u);
  EXPECT_EQ(maxValue, 4 * 128u);
  EXPECT_EQ(AscendC::GetSelectWithBytesMaskMinTmpSize(scalar, src, 4, mask, 1, true), 128u);
  EXPECT_EQ(AscendC::GetSelectWithBytesMaskMinTmpSize(scalar, src, 4, mask, 1, false), 128u + 64u);
  EXPECT_EQ(AscendC::GetSelectWithBytesMaskMaxTmpSize(src, scalar, 4, mask, 2, false), 4 * (128u + 128u));
}

// Mean keeps one row's repeat sums, and the converted row when it accumulates in another type; the
// maximum equals the minimum.
TEST(MeanTilingTest, TmpSizeIsOneRowsScratch) {
  uint32_t maxValue = 0, minValue = 0;
  AscendC::GetMeanMaxMinTmpSize(1024, 2, 2, false, maxValue, minValue);
  EXPECT_EQ(minValue, 32u);  // 8 half repeat sums, one block
  EXPECT_EQ(maxValue, minValue);
  AscendC::GetMeanMaxMinTmpSize(1024, 2, 4, false, maxValue, minValue);
  EXPECT_EQ(minValue, 4096u + 64u);
  AscendC::GetMeanMaxMinTmpSize(3, 4, 4, false, maxValue, minValue);
  EXPECT_EQ(minValue, 32u);
}

// SoftMax's pass holds a float row plus two blocks per row: the minimum is one row, the maximum all.
TEST(SoftMaxTilingTest, TmpSizesAndTilingFollowTheRowsThatFit) {
  const ge::Shape shape({4, 5, 64});  // 20 rows of 64
  EXPECT_EQ(AscendC::GetSoftMaxMinTmpSize(shape, 4, false), (64u + 16u) * 4u);
  EXPECT_EQ(AscendC::GetSoftMaxMaxTmpSize(shape, 2, false), 20 * (64u + 16u) * 4u);
  optiling::SoftMaxTiling tiling;
  AscendC::SoftMaxTilingFunc(shape, 2, 3 * 320 + 100, tiling);
  EXPECT_EQ(tiling.get_srcM(), 20u);
  EXPECT_EQ(tiling.get_srcK(), 64u);
  EXPECT_EQ(tiling.get_srcSize(), 1280u);
  EXPECT_EQ(tiling.get_outMaxK(), 16u);  // a 32-byte block of half sums and maxima per row
  EXPECT_EQ(tiling.get_outMaxSize(), 320u);
  EXPECT_EQ(tiling.get_splitM(), 3u);
  EXPECT_EQ(tiling.get_splitSize(), 192u);
  EXPECT_EQ(tiling.get_rangeM(), 6u);
  EXPECT_EQ(tiling.get_tailM(), 2u);
  EXPECT_EQ(tiling.get_tailSplitSize(), 128u);
  AscendC::SoftMaxTilingFunc(shape, 4, 100, tiling);
  EXPECT_EQ(tiling.get_splitM(), 0u);  // below the minimum: the kernel reports it
}

// SoftmaxGrad's pass holds a float row of products (three float rows for half data) plus two
// blocks per row; its isFront output, reduceK, is a block of the data type per row.
TEST(SoftMaxGradTilingTest, TmpSizesAndTilingFollowTheRowsThatFit) {
  const ge::Shape shape({2, 5, 64});  // 10 rows of 64
  EXPECT_EQ(AscendC::GetSoftMaxGradMinTmpSize(shape, 4, false, false), (64u + 16u) * 4u);
  EXPECT_EQ(AscendC::GetSoftMaxGradMinTmpSize(shape, 2, true, false), (3 * 64u + 16u) * 4u);
  EXPECT_EQ(AscendC::GetSoftMaxGradMaxTmpSize(shape, 4, true, true), 10 * (64u + 16u) * 4u);
  optiling::SoftMaxTiling tiling;
  AscendC::SoftMaxGradTilingFunc(shape, 2, 3 * 832 + 100, tiling);
  EXPECT_EQ(tiling.get_srcM(), 10u);
  EXPECT_EQ(tiling.get_srcK(), 64u);
  EXPECT_EQ(tiling.get_splitM(), 3u);
  EXPECT_EQ(tiling.get_reduceK(), 16u);
  EXPECT_EQ(tiling.get_reduceSize(), 48u);
  EXPECT_EQ(tiling.get_rangeM(), 3u);
  EXPECT_EQ(tiling.get_tailM(), 1u);
  AscendC::SoftMaxGradTilingFunc(shape, 4, 100, tiling, true);
  EXPECT_EQ(tiling.get_splitM(), 0u);  // below the minimum: the kernel reports it
  EXPECT_EQ(tiling.get_reduceK(), 8u);
}

// SoftmaxFlashV2's pass holds, per row, two blocks and a 256-byte repeat of floats, and for half
// data the row in float too; a pass shorter than the tensor is a whole number of 8 rows. Checked
// for consistency over a few shapes, FlashAttention's [16, 1024] float block among them.
TEST(SoftMaxFlashV2TilingTest, TilingIsConsistentWithTheTmpSizes) {
  EXPECT_EQ(AscendC::GetSoftMaxFlashV2MinTmpSize(ge::Shape({16, 1024}), 4, 4, true), (16u + 64u) * 4u);
  EXPECT_EQ(AscendC::GetSoftMaxFlashV2MinTmpSize(ge::Shape({16, 1024}), 2, 4, false), (1024u + 16u + 64u) * 4u);
  struct Case {
    std::vector<int64_t> dims;
    uint32_t dataTypeSize1, dataTypeSize2, localWorkSpaceSize;
  };
  const Case cases[] = {{{16, 1024}, 4, 4, 2 * 128 * 128 * 4},
                        {{3, 7, 64}, 2, 4, 5000},
                        {{20, 128}, 2, 2, 11 * (128 + 80) * 4},
                        {{40, 64}, 4, 4, 40 * 80 * 4 - 1}};
  for (const Case& c : cases) {
    const ge::Shape shape(c.dims);
    const uint32_t m = uint32_t(shape.GetShapeSize() / c.dims.back()), k = uint32_t(c.dims.back());
    const uint32_t minSize = AscendC::GetSoftMaxFlashV2MinTmpSize(shape, c.dataTypeSize1, c.dataTypeSize2, true);
    const uint32_t maxSize = AscendC::GetSoftMaxFlashV2MaxTmpSize(shape, c.dataTypeSize1, c.dataTypeSize2, true);
    EXPECT_EQ(maxSize, m * minSize);
    optiling::SoftMaxTiling tiling;
    AscendC::SoftMaxFlashV2TilingFunc(shape, c.dataTypeSize1, c.dataTypeSize2, c.localWorkSpaceSize, tiling, true);
    const uint32_t splitM = tiling.get_splitM();
    SCOPED_TRACE(testing::Message() << "shape [" << m << ", " << k << "], splitM " << splitM);
    ASSERT_GT(splitM, 0u);
    EXPECT_LE(uint64_t(splitM) * minSize, c.localWorkSpaceSize);  // the pass fits
    if (splitM < m) {
      EXPECT_GT(uint64_t(splitM + (splitM >= 8 ? 8 : 1)) * minSize, c.localWorkSpaceSize);  // and is the largest
      if (splitM > 8) {
        EXPECT_EQ(splitM % 8, 0u);
      }
    }
    EXPECT_EQ(tiling.get_srcM(), m);
    EXPECT_EQ(tiling.get_srcK(), k);
    EXPECT_EQ(tiling.get_srcSize(), m * k);
    EXPECT_EQ(tiling.get_outMaxK(), 32 / c.dataTypeSize2);
    EXPECT_EQ(tiling.get_reduceK(), 32 / c.dataTypeSize2);
    EXPECT_EQ(tiling.get_splitSize(), splitM * k);
    EXPECT_EQ(tiling.get_rangeM() * splitM + tiling.get_tailM(), m);
    EXPECT_LT(tiling.get_tailM(), splitM);
    EXPECT_EQ(tiling.get_tailSplitSize(), tiling.get_tailM() * k);
    EXPECT_EQ(tiling.get_tailReduceSize(), tiling.get_tailM() * (32 / c.dataTypeSize2));
  }
  optiling::SoftMaxTiling all;
  AscendC::SoftMaxFlashV2TilingFunc(ge::Shape({20, 128}), 2, 2, 20 * (128 + 80) * 4, all, false);
  EXPECT_EQ(all.get_splitM(), 20u);
  AscendC::SoftMaxFlashV2TilingFunc(ge::Shape({20, 128}), 4, 4, 79 * 4, all, false);
  EXPECT_EQ(all.get_splitM(), 0u);  // below the minimum: the kernel reports it
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

namespace {

using matmul_tiling::CubeFormat;
using matmul_tiling::DataType;
using matmul_tiling::TPosition;

void SetHalfTypes(matmul_tiling::MatmulApiTilingBase& tiling) {
  tiling.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
  tiling.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16, true);
  tiling.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
}

TEST(MatmulTilingTest, WithoutAShapeThereIsNoTiling) {
  matmul_tiling::MultiCoreMatmulTiling tiling(platform_ascendc::PlatformAscendC(nullptr));
  SetHalfTypes(tiling);
  optiling::TCubeTiling out;
  EXPECT_EQ(tiling.GetTiling(out), -1);
}

// Eight cores on a 1024 x 512 x 300 product: the split with the smallest largest block, base blocks
// that fit L0A/L0B twice and L0C once, and K slices that fit L1 twice.
TEST(MatmulTilingTest, MultiCoreSplitAndBaseBlocksFitTheCore) {
  platform_ascendc::PlatformAscendC platform(nullptr);
  matmul_tiling::MultiCoreMatmulTiling tiling(platform);
  SetHalfTypes(tiling);
  tiling.SetDim(8);
  tiling.SetOrgShape(1024, 512, 300);
  tiling.SetShape(1024, 512, 300);
  tiling.SetBias(true);
  optiling::TCubeTiling out;
  ASSERT_EQ(tiling.GetTiling(out), 0);
  EXPECT_EQ(out.get_M(), 1024);
  EXPECT_EQ(out.get_N(), 512);
  EXPECT_EQ(out.get_Ka(), 300);
  EXPECT_EQ(out.get_Kb(), 300);
  EXPECT_EQ(out.get_usedCoreNum(), 8);
  EXPECT_EQ(int64_t(out.get_singleCoreM()) * out.get_singleCoreN(), 1024 * 512 / 8);
  EXPECT_EQ(out.get_singleCoreK(), 300);
  EXPECT_EQ(out.get_isBias(), 1);
  uint64_t l0a = 0, l0c = 0, l1 = 0;
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::L0_A, l0a);
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::L0_C, l0c);
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::L1, l1);
  EXPECT_EQ(out.get_baseM() % 16, 0);
  EXPECT_EQ(out.get_baseN() % 16, 0);
  EXPECT_LE(uint64_t(out.get_baseM()) * out.get_baseK() * 2 * 2, l0a);
  EXPECT_LE(uint64_t(out.get_baseM()) * out.get_baseN() * 4, l0c);
  EXPECT_LE(uint64_t(out.get_shareL1Size()), l1);
  int32_t dim = 0, mDim = 0, nDim = 0;
  ASSERT_EQ(tiling.GetCoreNum(dim, mDim, nDim), 0);
  EXPECT_EQ(dim, 8);
  EXPECT_EQ(mDim * out.get_singleCoreM() >= 1024 && nDim * out.get_singleCoreN() >= 512, true);
}

// A small problem keeps its own size as the base block, and SetTraverse picks the iteration order.
TEST(MatmulTilingTest, SmallShapesClipTheBaseBlock) {
  matmul_tiling::MatmulApiTiling tiling(platform_ascendc::PlatformAscendC(nullptr));
  SetHalfTypes(tiling);
  tiling.SetOrgShape(6, 40, 64);
  tiling.SetShape(6, 40, 64);
  tiling.SetTraverse(matmul_tiling::MatrixTraverse::FIRSTN);
  optiling::TCubeTiling out;
  ASSERT_EQ(tiling.GetTiling(out), 0);
  EXPECT_EQ(out.get_baseM(), 16);
  EXPECT_EQ(out.get_baseN(), 48);
  EXPECT_EQ(out.get_baseK(), 64);
  EXPECT_EQ(out.get_iterateOrder(), 1);
}

}  // namespace
