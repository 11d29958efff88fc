#include "data/runs/candidate_text.h"

#include <gtest/gtest.h>

#include "gen/parse/answer_parse.h"

namespace akgen::data {
namespace {

// The text is what a model would answer: gen's parser must read the same files back.
std::map<std::string, std::string> ParsedBack(const std::string& text, gen::AnswerFormat format) {
  const gen::ParsedAnswer parsed = gen::ParseAnswer({text, "", "stop"}, format, "muls");
  EXPECT_TRUE(parsed.problem.empty()) << parsed.problem << "\n" << text;
  std::map<std::string, std::string> files;
  for (const auto& [path, content] : parsed.files) files[path.generic_string()] = content;
  return files;
}

TEST(CandidateTextTest, FullCandidatesReadBackAsTheirFiles) {
  const std::map<std::string, std::string> files = {{"op_kernel/muls.cpp", "kernel body\n"},
                                                    {"op_host/muls.cpp", "host body\n"},
                                                    {"op_host/muls_tiling.h", "tiling body\n"}};
  const std::string text = CandidateText(files, "full", "muls");
  EXPECT_LT(text.find("op_host/muls_tiling.h"), text.find("op_host/muls.cpp"));
  EXPECT_LT(text.find("op_host/muls.cpp"), text.find("op_kernel/muls.cpp"));
  const std::map<std::string, std::string> back = ParsedBack(text, gen::AnswerFormat::Full);
  ASSERT_EQ(back.size(), 3u);
  for (const auto& [path, content] : files)
    EXPECT_EQ(back.at(path) + (back.at(path).back() == '\n' ? "" : "\n"), content);
}

TEST(CandidateTextTest, KernelOnlyCandidatesReadBackAsTheirKernel) {
  const std::string text =
      CandidateText({{"op_kernel/muls.cpp", "extern \"C\" void muls() {}\n"}}, "kernel_only", "muls");
  EXPECT_EQ(text.rfind("<kernel_impl>", 0), 0u);
  const std::map<std::string, std::string> back = ParsedBack(text, gen::AnswerFormat::KernelOnly);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_NE(back.begin()->second.find("extern \"C\" void muls() {}"), std::string::npos);
  EXPECT_THROW(CandidateText({}, "python", "muls"), std::invalid_argument);
}

}  // namespace
}  // namespace akgen::data
