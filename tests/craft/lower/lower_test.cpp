// The lowering's golden tests: each programs/<name>.craft lowers, and the lines of
// programs/<name>.expected appear in that order in the generated file named by the `== FILE`
// line above them (FileCheck's CHECK, on whitespace-trimmed lines).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "lowered_program.h"

namespace akgen::craft {
namespace {

const std::filesystem::path kPrograms = AKGEN_CRAFT_LOWER_PROGRAMS;

std::string Trim(const std::string& text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

// Every expected line, in order, is part of a later generated line than the previous one.
void ExpectLinesInOrder(const std::string& file, const std::string& generated, const std::vector<std::string>& expected) {
  const std::vector<std::string> lines = Lines(generated);
  size_t next = 0;
  for (const std::string& want : expected) {
    while (next < lines.size() && lines[next].find(want) == std::string::npos) ++next;
    ASSERT_LT(next, lines.size()) << file << ": no line containing\n  " << want << "\nafter the previous match in\n"
                                  << generated;
    ++next;
  }
}

class GoldenProgram : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenProgram, GeneratesTheExpectedLinesInOrder) {
  const testing::LoweredProgram lowered = testing::LowerFile(kPrograms / (GetParam() + ".craft"));
  ASSERT_TRUE(lowered.op) << lowered.problems;
  std::ifstream expectedFile(kPrograms / (GetParam() + ".expected"));
  std::string file;
  std::vector<std::string> expected;
  auto check = [&] {
    if (file.empty()) return;
    ASSERT_TRUE(lowered.op->files.count(file)) << "no generated " << file;
    ExpectLinesInOrder(file, lowered.op->files.at(file), expected);
  };
  for (std::string line; std::getline(expectedFile, line);) {
    if (line.starts_with("== ")) {
      check();
      file = line.substr(3);
      expected.clear();
    } else if (!Trim(line).empty()) {
      expected.push_back(Trim(line));
    }
  }
  check();
}

TEST_P(GoldenProgram, LowersToTheSameBytesEveryTime) {
  const testing::LoweredProgram first = testing::LowerFile(kPrograms / (GetParam() + ".craft"));
  const testing::LoweredProgram second = testing::LowerFile(kPrograms / (GetParam() + ".craft"));
  ASSERT_TRUE(first.op) << first.problems;
  ASSERT_TRUE(second.op) << second.problems;
  EXPECT_EQ(first.op->files, second.op->files);
}

INSTANTIATE_TEST_SUITE_P(Programs, GoldenProgram,
                         ::testing::Values("sqrt", "axpby", "greater_equal", "maximum_select", "is_finite_check", "gelu",
                                           "mse_loss", "rms_norm", "softmax_last_dim"));

}  // namespace
}  // namespace akgen::craft
