// Every program in programs/ gives exactly the diagnostics in the .expected file beside it (the
// compiler's own format, labelled with the program's file name; an empty file: a clean program).
// AKGEN_UPDATE_GOLDEN=1 rewrites the .expected files from what the checker says now.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "craft/check/checker.h"
#include "craft/syntax/parser.h"
#include "tests/craft/check/program_files.h"

namespace akgen::craft {
namespace {

std::string Diagnose(const std::string& source, const std::string& fileName) {
  ParseResult parsed = Parse(source, fileName);
  std::vector<Diagnostic> diagnostics = parsed.diagnostics;
  if (parsed.program) BuildModel(*parsed.program, fileName, diagnostics);
  std::string text;
  for (const Diagnostic& diagnostic : diagnostics) text += Format(diagnostic);
  return text;
}

TEST(CraftGolden, EveryProgramGivesItsExpectedDiagnostics) {
  std::vector<testing::ProgramFile> programs = testing::GoldenPrograms();
  ASSERT_GE(programs.size(), 10u);
  bool update = std::getenv("AKGEN_UPDATE_GOLDEN") != nullptr;
  for (const testing::ProgramFile& program : programs) {
    std::string actual = Diagnose(program.text, program.path.filename().string());
    std::filesystem::path expectedPath = program.path;
    expectedPath.replace_extension(".expected");
    if (update) std::ofstream(expectedPath, std::ios::binary) << actual;
    ASSERT_TRUE(std::filesystem::exists(expectedPath)) << expectedPath << " is missing";
    EXPECT_EQ(testing::ReadText(expectedPath), actual) << "for " << program.path.filename();
  }
}

}  // namespace
}  // namespace akgen::craft
