#include "gen/parse/answer_parse.h"

#include <gtest/gtest.h>

namespace akgen::gen {
namespace {

namespace fs = std::filesystem;

Choice Answer(std::string answer, std::string reasoning = "", std::string finishReason = "stop") {
  return {std::move(answer), std::move(reasoning), std::move(finishReason)};
}

const std::string kKernel = R"(#include "kernel_operator.h"
using namespace AscendC;

class KernelSqrt {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {}
};

extern "C" __global__ __aicore__ void sqrt(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    KernelSqrt op;
    op.Init(x, y);
}
)";

std::string KernelFile(const ParsedAnswer& parsed) {
  EXPECT_EQ(parsed.problem, "");
  const auto found = parsed.files.find(fs::path("op_kernel/sqrt.cpp"));
  return found == parsed.files.end() ? "<none>" : found->second;
}

ParsedAnswer KernelOnly(const Choice& choice) { return ParseAnswer(choice, AnswerFormat::KernelOnly, "sqrt"); }

// ---- kernel-only ----

TEST(KernelOnlyTest, RealisticResponseGivesTheKernelFile) {
  const std::string answer =
      "The kernel copies x in tiles of 4096 elements and computes sqrt in float32.\n\n"
      "<kernel_impl>\n```cpp\n" +
      kKernel + "```\n</kernel_impl>\n\nThis handles every case.";
  const ParsedAnswer parsed = KernelOnly(Answer(answer, "I should split the work over 48 cores."));
  ASSERT_EQ(parsed.files.size(), 1u);
  EXPECT_EQ(KernelFile(parsed), kKernel);
}

TEST(KernelOnlyTest, BlockWithoutFenceIsTakenAsCode) {
  EXPECT_EQ(KernelFile(KernelOnly(Answer("<kernel_impl>\n" + kKernel + "</kernel_impl>"))), kKernel);
}

TEST(KernelOnlyTest, EveryFenceStyleIsAccepted) {
  for (const std::string open : {"```cpp", "```c++", "```C++", "```", "~~~", "````cpp", "```cpp title=\"k.cpp\""}) {
    const std::string close = open.starts_with("~") ? "~~~" : open.starts_with("````") ? "````" : "```";
    const std::string answer = "<kernel_impl>\n" + open + "\n" + kKernel + close + "\n</kernel_impl>";
    EXPECT_EQ(KernelFile(KernelOnly(Answer(answer))), kKernel) << open;
  }
}

TEST(KernelOnlyTest, TagsOnTheFenceLinesAreAccepted) {
  EXPECT_EQ(KernelFile(KernelOnly(Answer("<kernel_impl>```cpp\n" + kKernel + "```</kernel_impl>"))), kKernel);
  EXPECT_EQ(KernelFile(KernelOnly(Answer("```cpp\n<kernel_impl>\n" + kKernel + "</kernel_impl>\n```"))), kKernel);
}

TEST(KernelOnlyTest, MissingClosingFenceOrTagRunsToTheEnd) {
  EXPECT_EQ(KernelFile(KernelOnly(Answer("<kernel_impl>\n```cpp\n" + kKernel + "</kernel_impl>"))), kKernel);
  EXPECT_EQ(KernelFile(KernelOnly(Answer("<kernel_impl>\n```cpp\n" + kKernel + "```\n"))), kKernel);
  EXPECT_EQ(KernelFile(KernelOnly(Answer("<kernel_impl>\n```cpp\n" + kKernel))), kKernel);
}

TEST(KernelOnlyTest, IndentedFenceLosesItsIndentation) {
  std::string indented;
  for (size_t begin = 0; begin < kKernel.size();) {
    const size_t end = kKernel.find('\n', begin) + 1;
    indented += "  " + kKernel.substr(begin, end - begin);
    begin = end;
  }
  EXPECT_EQ(KernelFile(KernelOnly(Answer("<kernel_impl>\n  ```cpp\n" + indented + "  ```\n</kernel_impl>"))), kKernel);
}

TEST(KernelOnlyTest, CrLfNewlinesBecomeLf) {
  std::string crlf = "<kernel_impl>\n```cpp\n" + kKernel + "```\n</kernel_impl>\n";
  for (size_t at = crlf.find('\n'); at != std::string::npos; at = crlf.find('\n', at + 2)) crlf.insert(at, "\r");
  EXPECT_EQ(KernelFile(KernelOnly(Answer(crlf))), kKernel);
}

TEST(KernelOnlyTest, TheAnswerWinsOverTheReasoning) {
  const std::string draft = "<kernel_impl>\n```cpp\n// a draft\n```\n</kernel_impl>";
  EXPECT_EQ(KernelFile(KernelOnly(Answer("<kernel_impl>\n" + kKernel + "</kernel_impl>", draft))), kKernel);
}

TEST(KernelOnlyTest, ReasoningIsTheFallbackWhenTheAnswerHasNoBlock) {
  const std::string reasoning = "Let me write it.\n<kernel_impl>\n```cpp\n" + kKernel + "```\n</kernel_impl>\n";
  EXPECT_EQ(KernelFile(KernelOnly(Answer("", reasoning))), kKernel);
  EXPECT_EQ(KernelFile(KernelOnly(Answer("See above.", reasoning))), kKernel);
  // A model out of tokens while thinking: the code it finished in its reasoning is still a candidate.
  EXPECT_EQ(KernelFile(KernelOnly(Answer("", reasoning + "Now let me double-check the tiling", "length"))), kKernel);
}

TEST(KernelOnlyTest, LastClosedBlockIsTheFinalOne) {
  const std::string answer = "First attempt:\n<kernel_impl>\n// draft\n</kernel_impl>\nCorrected:\n<kernel_impl>\n" +
                             kKernel + "</kernel_impl>\nAn unfinished idea:\n<kernel_impl>\n// idea";
  EXPECT_EQ(KernelFile(KernelOnly(Answer(answer))), kKernel);
}

TEST(KernelOnlyTest, TagMentionedInProseDoesNotHideTheBlock) {
  const std::string answer =
      "I will put the kernel inside <kernel_impl> tags.\n\n<kernel_impl>\n```cpp\n" + kKernel + "```\n</kernel_impl>";
  EXPECT_EQ(KernelFile(KernelOnly(Answer(answer))), kKernel);
}

TEST(KernelOnlyTest, TheLongestFenceInABlockIsTheKernel) {
  const std::string answer =
      "<kernel_impl>\nUsage:\n```\nsqrt<<<48>>>(x, y)\n```\n```cpp\n" + kKernel + "```\n</kernel_impl>";
  EXPECT_EQ(KernelFile(KernelOnly(Answer(answer))), kKernel);
}

TEST(KernelOnlyTest, TilingArgumentIsAddedAfterATrailingWorkspace) {
  const std::string code =
      "extern \"C\" __global__ __aicore__ void sqrt(GM_ADDR x, GM_ADDR y, GM_ADDR workspace)\n{\n}\n";
  EXPECT_EQ(
      KernelFile(KernelOnly(Answer("<kernel_impl>" + code + "</kernel_impl>"))),
      "extern \"C\" __global__ __aicore__ void sqrt(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)\n{\n}\n");
  const std::string wrapped =
      "extern \"C\" __global__ __aicore__ void sqrt(GM_ADDR x, GM_ADDR y,\n"
      "                                         GM_ADDR workspace\n) {}\n";
  EXPECT_EQ(KernelFile(KernelOnly(Answer("<kernel_impl>" + wrapped + "</kernel_impl>"))),
            "extern \"C\" __global__ __aicore__ void sqrt(GM_ADDR x, GM_ADDR y,\n"
            "                                         GM_ADDR workspace, GM_ADDR tiling\n) {}\n");
}

TEST(KernelOnlyTest, SignatureWithTilingOrWithoutWorkspaceIsLeftAlone) {
  EXPECT_EQ(KernelFile(KernelOnly(Answer("<kernel_impl>" + kKernel + "</kernel_impl>"))), kKernel);
  for (const std::string code : {
           "extern \"C\" __global__ __aicore__ void sqrt(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tilingGm) "
           "{}\n",
           "extern \"C\" __global__ __aicore__ void sqrt(GM_ADDR x, GM_ADDR y) {}\n",
           "__aicore__ inline void Helper(GM_ADDR workspace) {}\n",
       })
    EXPECT_EQ(KernelFile(KernelOnly(Answer("<kernel_impl>" + code + "</kernel_impl>"))), code);
}

TEST(KernelOnlyTest, ProblemsSayWhatIsWrongAndWhatToDo) {
  EXPECT_EQ(KernelOnly(Answer("")).problem,
            "the response is empty: write the whole kernel file between <kernel_impl> and </kernel_impl>");
  EXPECT_EQ(KernelOnly(Answer("", "I think the tiling should be...")).problem,
            "the response holds only reasoning and no answer: after reasoning, write the whole kernel file between "
            "<kernel_impl> and </kernel_impl>");
  EXPECT_EQ(KernelOnly(Answer("", "I think the tiling should be...", "length")).problem,
            "the response stopped at the token limit (finish_reason length) before any <kernel_impl> block: reason "
            "more briefly, then write the whole kernel file between <kernel_impl> and </kernel_impl>");
  EXPECT_EQ(KernelOnly(Answer("```cpp\n" + kKernel + "```")).problem,
            "the answer cannot be used because it has no <kernel_impl> block: write the whole kernel file between "
            "<kernel_impl> and </kernel_impl>");
  EXPECT_EQ(KernelOnly(Answer("<kernel_impl>\n```cpp\n```\n</kernel_impl>")).problem,
            "the answer cannot be used because its <kernel_impl> block is empty: write the whole kernel file between "
            "<kernel_impl> and </kernel_impl>");
}

TEST(KernelOnlyTest, KernelCutOffAtTheTokenLimitIsAProblem) {
  const ParsedAnswer parsed = KernelOnly(Answer("<kernel_impl>\n```cpp\n" + kKernel.substr(0, 80), "", "length"));
  EXPECT_TRUE(parsed.files.empty());
  EXPECT_EQ(parsed.problem,
            "the response stopped at the token limit (finish_reason length) inside op_kernel/sqrt.cpp, so it is cut "
            "off: reason more briefly, then write the whole kernel file between <kernel_impl> and </kernel_impl>");
  // Finished blocks before the limit are fine.
  EXPECT_EQ(KernelFile(KernelOnly(Answer("<kernel_impl>" + kKernel + "</kernel_impl>\nNotes: the", "", "length"))),
            kKernel);
}

TEST(ParseAnswerTest, OddTextNeverThrowsAndGivesFilesOrAProblem) {
  for (const std::string& text :
       std::vector<std::string>{"<kernel_impl>", "</kernel_impl><kernel_impl>", "```", "~~~~\n~~~",
                                "====", "=== ===", "=== op_host/ ===", "**op_kernel/**\n```",
                                "extern \"C\" __global__ __aicore__ void k(GM_ADDR workspace",
                                "<kernel_impl>extern \"C\" __global__ __aicore__ void k(GM_ADDR workspace", "\r\n\r",
                                std::string(3, '\0')}) {
    for (const AnswerFormat format : {AnswerFormat::KernelOnly, AnswerFormat::Full, AnswerFormat::Dsl}) {
      for (const std::string finish : {"stop", "length", ""}) {
        ParsedAnswer parsed;
        EXPECT_NO_THROW(parsed = ParseAnswer(Answer(text, text, finish), format, "k")) << text;
        EXPECT_NE(parsed.files.empty(), parsed.problem.empty()) << text;
      }
    }
  }
}

// ---- full ----

const std::string kTiling =
    "#include \"register/tilingdata_base.h\"\nBEGIN_TILING_DATA_DEF(SqrtTilingData)\n"
    "TILING_DATA_FIELD_DEF(uint32_t, totalLength);\nEND_TILING_DATA_DEF;\n";
const std::string kHost = "#include \"sqrt_tiling.h\"\nnamespace optiling {\n}\n";

std::string FullAnswer(const std::string& tilingHeader, const std::string& hostHeader,
                       const std::string& kernelHeader) {
  return "Plan: one tile per core.\n\n" + tilingHeader + "\n```cpp\n" + kTiling + "```\n\n" + hostHeader +
         "\nThe host code:\n```cpp\n" + kHost + "```\n\n" + kernelHeader + "\n```cpp\n" + kKernel + "```\n";
}

void ExpectThreeFiles(const ParsedAnswer& parsed) {
  EXPECT_EQ(parsed.problem, "");
  ASSERT_EQ(parsed.files.size(), 3u);
  EXPECT_EQ(parsed.files.at("op_host/sqrt_tiling.h"), kTiling);
  EXPECT_EQ(parsed.files.at("op_host/sqrt.cpp"), kHost);
  EXPECT_EQ(parsed.files.at("op_kernel/sqrt.cpp"), kKernel);
}

ParsedAnswer Full(const Choice& choice) { return ParseAnswer(choice, AnswerFormat::Full, "sqrt"); }

TEST(FullTest, ThreeHeadersGiveThreeFiles) {
  ExpectThreeFiles(Full(Answer(FullAnswer("================== op_host/sqrt_tiling.h ==================",
                                          "================== op_host/sqrt.cpp ==================",
                                          "================== op_kernel/sqrt.cpp =================="))));
}

TEST(FullTest, HeaderVariantsAreAccepted) {
  ExpectThreeFiles(Full(Answer(FullAnswer(
      "=== op_host/sqrt_tiling.h ===", "=====  ./op_host/sqrt.cpp  =====", "====== Sqrt/op_kernel/sqrt.cpp ======"))));
  ExpectThreeFiles(
      Full(Answer(FullAnswer("**================== op_host/sqrt_tiling.h ==================**",
                             "### =========== `op_host/sqrt.cpp` ===========", "=== File 3: op_kernel/sqrt.cpp ==="))));
}

TEST(FullTest, DecoratedPathRightAboveAFenceIsAHeader) {
  const std::string answer = "**op_host/sqrt_tiling.h**\n```cpp\n" + kTiling + "```\n### op_host/sqrt.cpp\n\n```cpp\n" +
                             kHost + "```\n`op_kernel/sqrt.cpp`:\n```cpp\n" + kKernel + "```\n";
  ExpectThreeFiles(Full(Answer(answer)));
}

TEST(FullTest, DecoratedPathWithoutAFenceIsNotAHeader) {
  // `**op_host/sqrt.cpp**` followed by prose is a mention, not a section.
  const std::string answer =
      FullAnswer("=== op_host/sqrt_tiling.h ===", "=== op_host/sqrt.cpp ===", "=== op_kernel/sqrt.cpp ===") +
      "\n**op_host/sqrt.cpp**\nkeeps the tiling small.\n";
  ExpectThreeFiles(Full(Answer(answer)));
}

TEST(FullTest, HeadersInsideOneFenceAreSplit) {
  const std::string answer = "```cpp\n================== op_host/sqrt_tiling.h ==================\n" + kTiling +
                             "================== op_host/sqrt.cpp ==================\n" + kHost +
                             "================== op_kernel/sqrt.cpp ==================\n" + kKernel + "```\n";
  ExpectThreeFiles(Full(Answer(answer)));
}

TEST(FullTest, LaterVersionOfAFileReplacesTheEarlierOne) {
  const std::string answer =
      "=== op_kernel/sqrt.cpp ===\n```cpp\n// draft\n```\n" +
      FullAnswer("=== op_host/sqrt_tiling.h ===", "=== op_host/sqrt.cpp ===", "=== op_kernel/sqrt.cpp ===");
  ExpectThreeFiles(Full(Answer(answer)));
}

TEST(FullTest, ReasoningIsTheFallbackOnlyWhenTheAnswerHasNoHeaders) {
  const std::string full =
      FullAnswer("=== op_host/sqrt_tiling.h ===", "=== op_host/sqrt.cpp ===", "=== op_kernel/sqrt.cpp ===");
  ExpectThreeFiles(Full(Answer("", full)));
  const std::string draft = "=== op_kernel/sqrt.cpp ===\n```cpp\n// draft\n```\n";
  ExpectThreeFiles(Full(Answer(full, draft)));
}

TEST(FullTest, MissingFileIsAProblemNamingIt) {
  const std::string answer = "=== op_host/sqrt_tiling.h ===\n```cpp\n" + kTiling +
                             "```\n=== op_kernel/Sqrt.cpp ===\n```cpp\n" + kKernel + "```\n";
  const ParsedAnswer parsed = Full(Answer(answer));
  EXPECT_TRUE(parsed.files.empty());
  EXPECT_EQ(parsed.problem,
            "the answer has no code for op_host/sqrt.cpp and op_kernel/sqrt.cpp: give op_host/sqrt_tiling.h, "
            "op_host/sqrt.cpp and op_kernel/sqrt.cpp, each under a header like `================== "
            "op_kernel/sqrt.cpp ==================` followed by a ```cpp fence");
}

TEST(FullTest, NoHeadersOrCutOffAreProblems) {
  EXPECT_EQ(Full(Answer("```cpp\n" + kKernel + "```"))
                .problem.find("the answer cannot be used because it has no "
                              "`================== op_kernel/<name>.cpp"),
            0u);
  const std::string cut = "=== op_host/sqrt_tiling.h ===\n```cpp\n" + kTiling +
                          "```\n=== op_host/sqrt.cpp ===\n```cpp\n" + kHost +
                          "```\n=== op_kernel/sqrt.cpp ===\n```cpp\n#include";
  EXPECT_EQ(Full(Answer(cut, "", "length"))
                .problem.find("the response stopped at the token limit (finish_reason "
                              "length) inside op_kernel/sqrt.cpp, so it is cut off"),
            0u);
  const std::string stopped = "=== op_host/sqrt_tiling.h ===\n```cpp\n" + kTiling + "```\nNext, the host";
  EXPECT_EQ(Full(Answer(stopped, "", "length"))
                .problem.find("the response stopped at the token limit "
                              "(finish_reason length) before any code for "
                              "op_host/sqrt.cpp and op_kernel/sqrt.cpp"),
            0u);
}

// ---- DSL ----

const std::string kProgram = R"(# Sqrt: y = sqrt(x)
op Sqrt:
  input x: T
  output y: T like x
  dtypes T: f16, f32

host:
  n = numel(x)
  launch(min(core_num, cdiv(n, 256)))
)";

ParsedAnswer Dsl(const Choice& choice) { return ParseAnswer(choice, AnswerFormat::Dsl, "sqrt"); }

std::string ProgramFile(const ParsedAnswer& parsed) {
  EXPECT_EQ(parsed.problem, "");
  const auto found = parsed.files.find(fs::path("sqrt.craft"));
  return found == parsed.files.end() ? "<none>" : found->second;
}

TEST(DslTest, FencedProgramIsTheCraftFile) {
  for (const std::string open : {"```craft", "```dsl", "```", "```python", "~~~"}) {
    const std::string close = open.starts_with("~") ? "~~~" : "```";
    EXPECT_EQ(ProgramFile(Dsl(Answer("Here is the program:\n" + open + "\n" + kProgram + close + "\nDone."))), kProgram)
        << open;
  }
}

TEST(DslTest, LastProgramWinsAndOtherFencesAreIgnored) {
  const std::string answer = "```craft\nop Draft:\n```\n```craft\n" + kProgram + "```\nIt lowers to:\n```cpp\n" +
                             kKernel + "```\nRun it with:\n```\nakgen craft check sqrt.craft\n```\n";
  EXPECT_EQ(ProgramFile(Dsl(Answer(answer))), kProgram);
}

TEST(DslTest, UnfencedProgramIsTakenWhole) {
  EXPECT_EQ(ProgramFile(Dsl(Answer(kProgram))), kProgram);
  EXPECT_NE(Dsl(Answer("The program would be simple.")).problem, "");
}

TEST(DslTest, MissingClosingFenceAndReasoningFallback) {
  EXPECT_EQ(ProgramFile(Dsl(Answer("```craft\n" + kProgram))), kProgram);
  EXPECT_EQ(ProgramFile(Dsl(Answer("", "Sketch:\n```\ntile = 4096\n```\nFinal:\n```\n" + kProgram + "```\n"))),
            kProgram);
}

TEST(DslTest, ProblemsSayWhatIsWrong) {
  EXPECT_EQ(Dsl(Answer("I would use one core.")).problem,
            "the answer cannot be used because it has no craft program in a fence: write the whole craft program "
            "in one ```craft fence");
  EXPECT_EQ(Dsl(Answer("```craft\n" + kProgram.substr(0, 40), "", "length")).problem,
            "the response stopped at the token limit (finish_reason length) inside sqrt.craft, so it is cut off: "
            "reason more briefly, then write the whole craft program in one ```craft fence");
  EXPECT_EQ(Dsl(Answer("", "", "length")).problem,
            "the response stopped at the token limit (finish_reason length) before any fenced craft program: reason "
            "more briefly, then write the whole craft program in one ```craft fence");
}

}  // namespace
}  // namespace akgen::gen
