#include <gtest/gtest.h>

#include "data/cot/qa_blocks.h"
#include "data/cot/tiling_claims.h"

namespace akgen::data {
namespace {

const nlohmann::json kTiling = {
    {"totalLength", 8192}, {"tileLength", 256}, {"scalarValue", -0.30000001192092896}, {"shares", {1, 2}}};

std::string Block(const std::string& lines) { return "\n<tiling>\n" + lines + "</tiling>\n"; }

TEST(TilingClaimsTest, AgreeingTracesPassWithFormulasAndRoundedFloats) {
  const TilingClaimCheck check = CheckTilingClaims(
      "The host sets totalLength = 8 * 1024 = 8192 and tileLength: 256; tileLength = ceil(x / 48) is a formula.\n" +
          Block("block_dim = 32\ntotalLength = 8192\ntileLength = 256\nscalarValue = -0.3\n"),
      32, kTiling);
  EXPECT_TRUE(check.problems.empty()) << check.problems.front();
  EXPECT_EQ(check.stated, 6u);
}

TEST(TilingClaimsTest, AWrongValueAnywhereOrAMissingOneRejects) {
  const std::string block = Block("block_dim = 32\ntotalLength = 8192\ntileLength = 256\nscalarValue = -0.3\n");
  const TilingClaimCheck prose = CheckTilingClaims("so tileLength is 128 elements." + block, 32, kTiling);
  ASSERT_EQ(prose.problems.size(), 1u);
  EXPECT_EQ(prose.problems[0], "tileLength stated as 128, the host computed 256");
  const TilingClaimCheck blockDim = CheckTilingClaims(block, 16, kTiling);
  EXPECT_EQ(blockDim.problems, std::vector<std::string>{"block_dim stated as 32, the host computed 16"});
  const TilingClaimCheck missing = CheckTilingClaims(Block("block_dim = 32\ntotalLength = 8192\n"), 32, kTiling);
  EXPECT_EQ(missing.problems.size(), 2u);  // tileLength and scalarValue; the array is not asked for
  EXPECT_EQ(CheckTilingClaims("no block at all, tileLength = 256", 32, kTiling).problems,
            std::vector<std::string>{"the trace ends without a <tiling> … </tiling> block"});
  // A name inside a longer one is no claim about it.
  EXPECT_TRUE(CheckTilingClaims("maxtileLength = 9" + block, 32, kTiling).problems.empty());
}

TEST(QaBlocksTest, CompleteBlocksOnly) {
  const QaBlocks blocks = ParseQaBlocks(
      "intro\n<qa><question> Q1 </question><reasoning>R1</reasoning><answer>A1</answer></qa>\n"
      "<qa><question>Q2</question><answer>A2</answer></qa>\n"
      "<qa><question>Q3</question><reasoning></reasoning><answer>A3</answer></qa>\n"
      "<qa><question>Q4</question><reasoning>R4</reasoning><answer>A4</answer>");
  ASSERT_EQ(blocks.triples.size(), 2u);
  EXPECT_EQ(blocks.triples[0].question, "Q1");
  EXPECT_EQ(blocks.triples[1].answer, "A4");  // an unclosed last block still has its parts
  EXPECT_EQ(blocks.malformed, 2u);
}

}  // namespace
}  // namespace akgen::data
