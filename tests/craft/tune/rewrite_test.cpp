// Candidate programs: the knobs' spans replaced and nothing else, so the checker still reads them,
// comments and layout survive, and the Unified Buffer budget prunes tiles that are too large.
#include "craft/tune/rewrite.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "craft/program_files.h"

namespace akgen::craft {
namespace {

namespace fs = std::filesystem;

std::string Suite(const std::string& path) { return ReadProgram(fs::path(AKGEN_SUITE_DIR) / path); }

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The index of `value` in the values of knob `k`.
size_t IndexOf(const Knob& knob, int64_t value) {
  return std::find(knob.values.begin(), knob.values.end(), value) - knob.values.begin();
}

class SqrtRewrite : public ::testing::Test {
 protected:
  void SetUp() override {
    source_ = Suite("level1/Math/Sqrt/answer/dsl/sqrt.craft");
    knobs_ = FindKnobs(source_, "sqrt.craft").knobs;
    ASSERT_EQ(knobs_.size(), 4u);  // tile, launch, xin buffers, yout buffers
  }

  std::string source_;
  std::vector<Knob> knobs_;
};

TEST_F(SqrtRewrite, TheProgramsOwnSettingGivesItBack) {
  EXPECT_EQ(RewriteProgram(source_, knobs_, ProgramSetting(knobs_)), source_);
}

TEST_F(SqrtRewrite, EveryKnobChangesOnlyItsOwnLine) {
  KnobSetting setting = ProgramSetting(knobs_);
  setting[0] = IndexOf(knobs_[0], 2048);
  setting[1] = IndexOf(knobs_[1], 16);
  setting[3] = IndexOf(knobs_[3], 1);
  const std::string rewritten = RewriteProgram(source_, knobs_, setting);
  const std::vector<std::string> before = Lines(source_);
  const std::vector<std::string> after = Lines(rewritten);
  ASSERT_EQ(before.size(), after.size());
  std::vector<std::pair<std::string, std::string>> changed;
  for (size_t i = 0; i < before.size(); ++i)
    if (before[i] != after[i]) changed.emplace_back(before[i], after[i]);
  EXPECT_EQ(changed, (std::vector<std::pair<std::string, std::string>>{
                         {"  tile = 4096", "  tile = 2048"},
                         {"  launch(cores)", "  launch(min(16, cores))"},
                         {"  yout = ub(T, tile, buffers=2)", "  yout = ub(T, tile, buffers=1)"}}));
  EXPECT_FALSE(Check(rewritten, "sqrt.craft").HasErrors());
  EXPECT_EQ(DescribeSetting(knobs_, setting), "tile=2048, launch=min(16, cores), xin buffers=2, yout buffers=1");
}

TEST_F(SqrtRewrite, TheUnifiedBufferBudgetPrunesLargeTiles) {
  KnobSetting setting = ProgramSetting(knobs_);
  setting[0] = IndexOf(knobs_[0], 8192);  // 20 bytes per element at f32: 160 KiB of 192
  EXPECT_FALSE(Check(RewriteProgram(source_, knobs_, setting), "sqrt.craft").HasErrors());
  setting[0] = IndexOf(knobs_[0], 12288);
  const CheckResult tooLarge = Check(RewriteProgram(source_, knobs_, setting), "sqrt.craft");
  ASSERT_TRUE(tooLarge.HasErrors());
  EXPECT_EQ(tooLarge.diagnostics[0].kind, "ub-budget");
}

TEST(CraftTuneRewrite, AnAbsentDepthIsInsertedAndChecks) {
  const std::string source = ReadProgram(fs::path(AKGEN_TUNE_PROGRAMS) / "fixed_width_rows.craft");
  const std::vector<Knob> knobs = FindKnobs(source, "fixed_width_rows.craft").knobs;
  ASSERT_EQ(knobs.size(), 4u);  // tile_rows, launch, xin buffers, sums buffers
  KnobSetting setting = ProgramSetting(knobs);
  setting[0] = IndexOf(knobs[0], 3);
  setting[2] = IndexOf(knobs[2], 2);
  const std::string rewritten = RewriteProgram(source, knobs, setting);
  EXPECT_NE(rewritten.find("  tile_rows = 3\n"), std::string::npos);
  EXPECT_NE(rewritten.find("  xin = ub(f32, tile_rows, cols, buffers=2)\n"), std::string::npos);
  EXPECT_NE(rewritten.find("  # rows per tile\n"), std::string::npos) << "comments survive";
  EXPECT_FALSE(Check(rewritten, "fixed_width_rows.craft").HasErrors());
}

}  // namespace
}  // namespace akgen::craft
