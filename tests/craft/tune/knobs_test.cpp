// Knob discovery on the suite's DSL solutions and on fixtures: which host literals are tile
// lengths, the launch's cap, which buffers get a depth, where each value is written, and the
// ladders of values the search walks.
#include "craft/tune/knobs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "craft/program_files.h"
#include "craft/tune/value_ladder.h"

namespace akgen::craft {
namespace {

namespace fs = std::filesystem;

std::string Suite(const std::string& path) { return ReadProgram(fs::path(AKGEN_SUITE_DIR) / path); }
std::string Fixture(const std::string& name) { return ReadProgram(fs::path(AKGEN_TUNE_PROGRAMS) / name); }

std::vector<std::string> Labels(const KnobDiscovery& discovery) {
  std::vector<std::string> labels;
  for (const Knob& knob : discovery.knobs) labels.push_back(knob.label);
  return labels;
}

const Knob& Find(const KnobDiscovery& discovery, const std::string& label) {
  const auto found = std::find_if(discovery.knobs.begin(), discovery.knobs.end(),
                                  [&](const Knob& knob) { return knob.label == label; });
  if (found == discovery.knobs.end()) throw std::out_of_range("no knob " + label);
  return *found;
}

TEST(CraftTuneKnobs, SqrtHasItsTileTheLaunchAndItsTwoStreamedQueues) {
  const std::string source = Suite("level1/Math/Sqrt/answer/dsl/sqrt.craft");
  const KnobDiscovery discovery = FindKnobs(source, "sqrt.craft");
  ASSERT_FALSE(discovery.HasErrors());
  // `unit = 256` is a literal too, but it splits the work over the cores and sizes no buffer; the
  // f32 temporary xf is not a queue, so its depth would only cost UB.
  EXPECT_EQ(Labels(discovery), (std::vector<std::string>{"tile", "launch", "xin buffers", "yout buffers"}));

  const Knob& tile = Find(discovery, "tile");
  EXPECT_EQ(tile.kind, KnobKind::TileLength);
  EXPECT_EQ(tile.written, "4096");
  EXPECT_EQ(source.substr(tile.span.offset - 7, 11), "tile = 4096");
  EXPECT_EQ(tile.values[tile.programIndex], 4096);
  for (int64_t value : tile.values) EXPECT_EQ(value % 32, 0) << value << ": a tile of elements stays 32-aligned";

  const Knob& launch = Find(discovery, "launch");
  EXPECT_EQ(launch.kind, KnobKind::CoreCap);
  EXPECT_EQ(launch.written, "cores");
  EXPECT_EQ(source.substr(launch.span.offset - 7, 13), "launch(cores)");
  EXPECT_EQ(launch.values.back(), kUncapped);
  EXPECT_EQ(launch.programIndex, launch.values.size() - 1);
  EXPECT_EQ(KnobText(launch, 16), "min(16, cores)");

  const Knob& xin = Find(discovery, "xin buffers");
  EXPECT_EQ(xin.kind, KnobKind::BufferDepth);
  EXPECT_EQ(xin.written, "2");
  EXPECT_EQ(source.substr(xin.span.offset - 8, 9), "buffers=2");
  EXPECT_EQ(xin.values, (std::vector<int64_t>{1, 2, 3, 4}));
  EXPECT_EQ(xin.programIndex, 1u);
}

TEST(CraftTuneKnobs, RowTilesTakeAnyRowCountAndBuffersLoadedOnceGetNoDepth) {
  const KnobDiscovery discovery = FindKnobs(Suite("level2/Norm/RmsNorm/answer/dsl/rms_norm.craft"), "rms_norm.craft");
  ASSERT_FALSE(discovery.HasErrors());
  // gin (gamma, copied in once before the loop) is a queue by role, but nothing overlaps it.
  EXPECT_EQ(Labels(discovery), (std::vector<std::string>{"tile_rows", "launch", "xin buffers", "yout buffers"}));
  const Knob& rows = Find(discovery, "tile_rows");
  EXPECT_EQ(rows.values[rows.programIndex], 4);
  EXPECT_EQ(std::vector<int64_t>(rows.values.begin(), rows.values.begin() + 5), (std::vector<int64_t>{1, 2, 3, 4, 6}));
}

TEST(CraftTuneKnobs, ARowLengthIsNoTileEvenThroughAnotherBinding) {
  const std::string source = Fixture("fixed_width_rows.craft");
  const KnobDiscovery discovery = FindKnobs(source, "fixed_width_rows.craft");
  ASSERT_FALSE(discovery.HasErrors());
  EXPECT_EQ(Labels(discovery), (std::vector<std::string>{"tile_rows", "launch", "xin buffers", "sums buffers"}));
  // Without `buffers=`, the depth is inserted before the declaration's closing parenthesis.
  const Knob& xin = Find(discovery, "xin buffers");
  EXPECT_EQ(xin.written, "");
  EXPECT_EQ(xin.span.length, 0u);
  EXPECT_EQ(source.substr(xin.span.offset - 23, 24), "ub(f32, tile_rows, cols)");
  EXPECT_EQ(xin.values[xin.programIndex], 1);
  EXPECT_EQ(KnobText(xin, 1), "");
  EXPECT_EQ(KnobText(xin, 3), ", buffers=3");
}

TEST(CraftTuneKnobs, ASingleCoreSingleTileProgramHasNone) {
  const KnobDiscovery discovery = FindKnobs(Fixture("single_core.craft"), "single_core.craft");
  ASSERT_FALSE(discovery.HasErrors());
  EXPECT_TRUE(discovery.knobs.empty()) << Labels(discovery)[0];
}

TEST(CraftTuneKnobs, AProgramThatFailsTheCheckerGivesItsDiagnostics) {
  std::string source = Suite("level1/Math/Sqrt/answer/dsl/sqrt.craft");
  source.replace(source.find("xf = sqrt(xf)"), 13, "xf = sqrt(xg)");
  const KnobDiscovery discovery = FindKnobs(source, "sqrt.craft");
  ASSERT_TRUE(discovery.HasErrors());
  EXPECT_TRUE(discovery.knobs.empty());
  EXPECT_EQ(discovery.diagnostics[0].kind, "unknown-name");
}

TEST(CraftTuneLadders, TileLengthsAreGeometricAndKeepTheProgramsValue) {
  const std::vector<int64_t> elements = TileLengths(4096, false);
  EXPECT_EQ(elements.front(), 32);
  const auto at = std::find(elements.begin(), elements.end(), 4096);
  ASSERT_NE(at, elements.end());
  EXPECT_EQ(*(at - 1), 3072);
  EXPECT_EQ(*(at + 1), 6144);
  EXPECT_TRUE(std::is_sorted(elements.begin(), elements.end()));
  const std::vector<int64_t> odd = TileLengths(1000, false);
  EXPECT_NE(std::find(odd.begin(), odd.end(), 1000), odd.end());
  EXPECT_EQ(CoreCaps(4), (std::vector<int64_t>{1, 2, kUncapped}));
  EXPECT_EQ(BufferDepths(6), (std::vector<int64_t>{1, 2, 3, 4, 6}));
}

}  // namespace
}  // namespace akgen::craft
