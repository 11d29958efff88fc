#include "gen/prompt/repair_feedback.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>
#include <stdexcept>

#include "bench/task/task_tree.h"

namespace akgen::gen {
namespace {

namespace fs = std::filesystem;
using bench::Verdict;

const bench::TaskTree& Suite() {
  static const bench::TaskTree tree = bench::ReadTaskTree(AKGEN_BUILTIN_SUITE_DIR);
  return tree;
}

const bench::Task& Muls() { return *Suite().Find("level1/Math/Muls"); }
const bench::Task& GreaterEqual() { return *Suite().Find("level1/Comparison/GreaterEqual"); }

bench::ResultRecord Record(const bench::Task& task, int caseId, Verdict verdict, nlohmann::json details) {
  bench::ResultRecord record;
  record.task = task.Key();
  record.level = task.level;
  record.category = task.category;
  record.op = task.opName;
  record.caseId = caseId;
  record.verdict = verdict;
  record.caseCount = static_cast<int>(task.cases.size());
  record.details = std::move(details);
  return record;
}

std::string Feedback(const bench::Task& task, std::vector<bench::ResultRecord> records) {
  return RepairFeedback(task, {"", "", std::move(records)});
}

bool Has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// `akgen eval` of Muls's answer with `value` misspelt and an undeclared call added (records of a real run).
const char* kMulsCompileLog =
    "g++ -std=c++20 -O1 -I/src/akgen/sim/include -D__CCE_AICORE__=220 -D__NPU_ARCH__=2201 "
    "-Wno-builtin-declaration-mismatch -include "
    "/tmp/pr_cache/build/.staging-host-1898922c7c305765-runner-b4dcc77ab8851b32-27408-1/prelude.h "
    "-I/tmp/pr_s/level1/Math/Muls/sample0/op_kernel -c /tmp/pr_s/level1/Math/Muls/sample0/op_kernel/muls.cpp -o "
    "/tmp/pr_cache/build/.staging-host-1898922c7c305765-runner-b4dcc77ab8851b32-27408-1/op_kernel_0.o \n"
    "/tmp/pr_s/level1/Math/Muls/sample0/op_kernel/muls.cpp: In member function 'void "
    "KernelMuls<T>::ComputeFloat(const AscendC::LocalTensor<float>&, const AscendC::LocalTensor<float>&, "
    "uint32_t)':\n"
    "/tmp/pr_s/level1/Math/Muls/sample0/op_kernel/muls.cpp:83:21: error: 'valu' was not declared in this scope; "
    "did you mean 'value'?\n"
    "   83 |         Muls(r, a0, valu, count);\n"
    "      |                     ^~~~\n"
    "      |                     value\n"
    "/tmp/pr_s/level1/Math/Muls/sample0/op_kernel/muls.cpp:84:9: error: there are no arguments to "
    "'undefinedCall' that depend on a template parameter, so a declaration of 'undefinedCall' must be available "
    "[-fpermissive]\n"
    "   84 |         undefinedCall(r);\n"
    "      |         ^~~~~~~~~~~~~\n"
    "/tmp/pr_s/level1/Math/Muls/sample0/op_kernel/muls.cpp:84:9: note: (if you use '-fpermissive', G++ will "
    "accept your code, but allowing the use of an undeclared name is deprecated)\n"
    "/tmp/pr_s/level1/Math/Muls/sample0/op_kernel/muls.cpp: In instantiation of 'void "
    "KernelMuls<T>::ComputeFloat(const AscendC::LocalTensor<float>&, const AscendC::LocalTensor<float>&, "
    "uint32_t) [with T = half; uint32_t = unsigned int]':\n"
    "/tmp/pr_s/level1/Math/Muls/sample0/op_kernel/muls.cpp:73:13:   required from 'void "
    "KernelMuls<T>::Compute(uint32_t) [with T = half; uint32_t = unsigned int]'\n"
    "/tmp/pr_s/level1/Math/Muls/sample0/op_kernel/muls.cpp:113:15:   required from here\n"
    "/tmp/pr_s/level1/Math/Muls/sample0/op_kernel/muls.cpp:84:22: error: 'undefinedCall' was not declared in "
    "this scope\n"
    "   84 |         undefinedCall(r);\n"
    "      |         ~~~~~~~~~~~~~^~~\n";

// A kernel-only answer that kept GET_TILING_DATA: the error is raised in the simulator's header.
const char* kTilingStructLog =
    "g++ -std=c++20 -O1 -I/src/akgen/sim/include -c "
    "/tmp/pr_s2/level1/Comparison/GreaterEqual/sample1/op_kernel/greater_equal.cpp -o /tmp/x/op_kernel_0.o \n"
    "In file included from /src/akgen/sim/include/kernel_tiling/kernel_tiling.h:9,\n"
    "                 from /tmp/pr_cache/build/.staging-host-497e951e2a84974a/prelude.h:4,\n"
    "                 from <command-line>:\n"
    "/src/akgen/sim/include/ascendc_sim/tiling_data.h: In instantiation of 'struct "
    "ascendc_sim::DefaultTilingStruct<ascendc_sim::NoTilingStruct>':\n"
    "/tmp/pr_s2/level1/Comparison/GreaterEqual/sample1/op_kernel/greater_equal.cpp:151:5:   required from here\n"
    "/src/akgen/sim/include/ascendc_sim/tiling_data.h:32:23: error: static assertion failed: GET_TILING_DATA: no "
    "tiling struct is known for this kernel. Either declare REGISTER_TILING_DEFAULT(YourTilingStruct); before the "
    "kernel, or compile the kernel with the prelude akgen generates from the op_host's "
    "REGISTER_TILING_DATA_CLASS(OpType, Struct)\n"
    "   32 |   static_assert(!std::is_same_v<T, NoTilingStruct>,\n"
    "      |                  ~~~~~^~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
    "/src/akgen/sim/include/ascendc_sim/tiling_data.h:32:23: note: '!(bool)std::is_same_v<ascendc_sim::"
    "NoTilingStruct, ascendc_sim::NoTilingStruct>' evaluates to false\n"
    "/tmp/pr_s2/level1/Comparison/GreaterEqual/sample1/op_kernel/greater_equal.cpp:153:35: error: 'using type = "
    "struct ascendc_sim::NoTilingStruct' {aka 'struct ascendc_sim::NoTilingStruct'} has no member named "
    "'totalLength'\n"
    "  153 |     op.Init(x1, x2, y, tilingData.totalLength, tilingData.tileLength, tilingData.unitsPerCore,\n"
    "      |                                   ^~~~~~~~~~~\n";

TEST(RepairFeedbackTest, CompileErrorShowsTheFirstErrorsWithTheirSourceLinesInCandidatePaths) {
  const std::string text =
      Feedback(Muls(), {Record(Muls(), 0, Verdict::CompileError, {{"detail", kMulsCompileLog}})});
  EXPECT_TRUE(Has(text, "The build failed:\n")) << text;
  EXPECT_TRUE(Has(text, "op_kernel/muls.cpp:83:21: error: 'valu' was not declared in this scope; did you mean "
                        "'value'?\n   83 |         Muls(r, a0, valu, count);\n"))
      << text;
  EXPECT_TRUE(Has(text, "op_kernel/muls.cpp:84:22: error: 'undefinedCall' was not declared in this scope")) << text;
  EXPECT_FALSE(Has(text, "/tmp/")) << text;
  EXPECT_FALSE(Has(text, "g++ -std")) << text;
  EXPECT_FALSE(Has(text, "note:")) << text;
}

TEST(RepairFeedbackTest, AnErrorInAToolchainHeaderIsPlacedInTheCandidate) {
  const std::string text =
      Feedback(GreaterEqual(), {Record(GreaterEqual(), 0, Verdict::CompileError, {{"detail", kTilingStructLog}})});
  EXPECT_TRUE(Has(text, "tiling_data.h:32:23: error: static assertion failed: GET_TILING_DATA")) << text;
  EXPECT_TRUE(Has(text, "(op_kernel/greater_equal.cpp:151:5:   required from here)")) << text;
  EXPECT_TRUE(Has(text, "op_kernel/greater_equal.cpp:153:35: error:")) << text;
  EXPECT_FALSE(Has(text, "/src/akgen")) << text;
}

TEST(RepairFeedbackTest, AHugeCompilerLogIsCutToFiveErrorsAndTheBound) {
  std::string log = "g++ -c /tmp/s/op_kernel/muls.cpp\n";
  for (int i = 0; i < 3000; ++i)
    log += "/tmp/s/level1/Math/Muls/sample0/op_kernel/muls.cpp:" + std::to_string(i + 1) +
           ":5: error: no matching function for call to 'DataCopy(" + std::string(600, 'T') + ")'\n   " +
           std::to_string(i + 1) + " |     DataCopy(a, b, c);\n      |     ^~~~~~~~\n";
  const std::string text = Feedback(Muls(), {Record(Muls(), 0, Verdict::CompileError, {{"detail", log}})});
  EXPECT_LE(text.size(), kMaxFeedbackChars);
  EXPECT_TRUE(Has(text, "op_kernel/muls.cpp:5:5: error:")) << text;
  EXPECT_FALSE(Has(text, "op_kernel/muls.cpp:6:5: error:")) << text;
  EXPECT_TRUE(Has(text, "… and 2995 more errors")) << text;

  // One error whose message alone is enormous.
  const std::string oneLine = "/tmp/s/op_kernel/muls.cpp:1:1: error: " + std::string(100000, 'x') + "\n";
  const std::string cut = Feedback(Muls(), {Record(Muls(), 0, Verdict::CompileError, {{"detail", oneLine}})});
  EXPECT_LE(cut.size(), kMaxFeedbackChars);
  EXPECT_TRUE(Has(cut, "op_kernel/muls.cpp:1:1: error: xxx")) << cut.substr(0, 200);
}

TEST(RepairFeedbackTest, SimErrorShowsTheDiagnosticItsKindTheCaseAndTheWarnings) {
  const nlohmann::json details = {
      {"detail",
       "ub-overflow: accesses UB bytes [401024, 402048), past the end of the 196608-byte UB: the hardware faults "
       "here (at /tmp/pr_s/level1/Math/Muls/sample2/op_kernel/muls.cpp:72 in Cast, block 0)"},
      {"diagnostic_kind", "ub-overflow"},
      {"warnings",
       {"ub-overflow: TQue#0 needs bytes up to 200000 but UB holds 196608 bytes; shrink the tile or the buffer "
        "count; an access past the end will fault (at /tmp/pr_s/level1/Math/Muls/sample2/op_kernel/muls.cpp:25 in "
        "InitBuffer, block 0)"}}};
  const std::string text = Feedback(Muls(), {Record(Muls(), 0, Verdict::SimError, details)});
  EXPECT_TRUE(Has(text, "case 0 (shape=[8, 1024], dtype=float16, value=2.5) with a [ub-overflow] error")) << text;
  EXPECT_TRUE(Has(text, "(at op_kernel/muls.cpp:72 in Cast, block 0)")) << text;
  EXPECT_TRUE(Has(text, "- ub-overflow: TQue#0 needs bytes up to 200000")) << text;
  EXPECT_TRUE(Has(text, "(at op_kernel/muls.cpp:25 in InitBuffer, block 0)")) << text;
  EXPECT_FALSE(Has(text, "/tmp/")) << text;
}

// GreaterEqual with GE compared as GT, evaluated on every case (dynamic mode).
TEST(RepairFeedbackTest, WrongAnswerShowsTheFirstFailingCaseAndListsTheOthers) {
  std::vector<bench::ResultRecord> records;
  const int bad[] = {478, 231, 1118, 3888, 392};
  const int total[] = {8192, 4093, 19055, 65535, 6579};
  for (int id : {3, 1, 0, 4, 2}) {
    const std::string reason = "output 'output0': " + std::to_string(bad[id]) + " of " + std::to_string(total[id]) +
                               " elements are non-finite or exceed both abs and rel tolerance; first at index 10: "
                               "expected 1, got 0";
    records.push_back(Record(GreaterEqual(), id, Verdict::WrongAnswer,
                             {{"bad_count", bad[id]},
                              {"first_bad_index", 10},
                              {"first_bad_output", "output0"},
                              {"max_abs_error", 1.0},
                              {"max_rel_error", 0.9999999000000099},
                              {"reason", reason}}));
  }
  const std::string text = Feedback(GreaterEqual(), records);
  EXPECT_TRUE(Has(text, "Wrong results on case 0 (shape=[8, 1024], dtype=float16).\n")) << text;
  EXPECT_TRUE(Has(text, "478 of 8192 elements are non-finite or exceed both abs and rel tolerance; first at index "
                        "10: expected 1, got 0\n"))
      << text;
  EXPECT_TRUE(Has(text, "Largest absolute error 1, largest relative error 1.")) << text;
  EXPECT_TRUE(Has(text, "Other failing cases: wrong_answer on cases 1, 2, 3, 4.")) << text;
  EXPECT_FALSE(Has(text, "231 of 4093")) << text;  // only the first case in detail
}

// Muls's own checker reports only the largest errors (bad_count 0, first_bad_index -1).
TEST(RepairFeedbackTest, WrongAnswerOfACustomCheckerShowsItsReason) {
  const std::string text = Feedback(
      Muls(), {Record(Muls(), 1, Verdict::WrongAnswer,
                      {{"bad_count", 0},
                       {"first_bad_index", -1},
                       {"first_bad_output", ""},
                       {"max_abs_error", 61.5625},
                       {"max_rel_error", 1.501937985420227},
                       {"reason", "custom_check_precision failed (max abs diff 61.5625, max rel diff 1.50194)"}}),
               Record(Muls(), 0, Verdict::Pass, {{"max_abs_error", 0.0}})});
  EXPECT_TRUE(Has(text, "Wrong results on case 1 (shape=[4093], dtype=float32, value=-0.3).\n")) << text;
  EXPECT_TRUE(Has(text, "custom_check_precision failed (max abs diff 61.5625")) << text;
  EXPECT_TRUE(Has(text, "Largest absolute error 61.5625, largest relative error 1.50194.")) << text;
  EXPECT_FALSE(Has(text, "elements are wrong")) << text;
  EXPECT_TRUE(Has(text, "Passed: case 0.")) << text;
}

TEST(RepairFeedbackTest, TimeoutCrashAndTilingErrorSayWhatHappenedOnWhichCase) {
  const std::string timeout =
      Feedback(Muls(), {Record(Muls(), 2, Verdict::Timeout, {{"detail", "runner: CPU time limit"}})});
  EXPECT_TRUE(Has(timeout, "did not finish within the time limit on case 2 (shape=[37, 515], dtype=bfloat16, "
                           "value=1.7) (likely an endless loop or a wait that is never satisfied)"))
      << timeout;
  const std::string crash = Feedback(Muls(), {Record(Muls(), 0, Verdict::Crash, {{"detail", "runner: SIGSEGV"}})});
  EXPECT_TRUE(Has(crash, "crashed on case 0")) << crash;
  EXPECT_TRUE(Has(crash, "runner: SIGSEGV")) << crash;
  const std::string tiling = Feedback(
      GreaterEqual(), {Record(GreaterEqual(), 0, Verdict::TilingError,
                              {{"detail", "tiling of op GreaterEqual: the tiling function returned GRAPH_FAILED"}})});
  EXPECT_TRUE(Has(tiling, "The host tiling function failed on case 0")) << tiling;
  EXPECT_TRUE(Has(tiling, "the tiling function returned GRAPH_FAILED")) << tiling;
}

TEST(RepairFeedbackTest, MixedVerdictsDetailTheLowestFailingCase) {
  const std::string text =
      Feedback(Muls(), {Record(Muls(), 3, Verdict::Timeout, {{"detail", "runner: CPU time limit"}}),
                        Record(Muls(), 0, Verdict::Pass, nlohmann::json::object()),
                        Record(Muls(), 2, Verdict::Crash, {{"detail", "runner: SIGSEGV"}}),
                        Record(Muls(), 5, Verdict::TaskError, {{"detail", "prepare_inputs.py fails"}})});
  EXPECT_EQ(text.rfind("The kernel's process crashed on case 2", 0), 0u) << text;
  EXPECT_TRUE(Has(text, "Other failing cases: timeout on case 3. Passed: case 0.")) << text;
  EXPECT_FALSE(Has(text, "prepare_inputs")) << text;  // the task's own fault, not the model's
}

TEST(RepairFeedbackTest, ParseProblemAndGeneratorLogComeAsTheyAre) {
  const std::string parse =
      RepairFeedback(Muls(), {"the response has no <kernel_impl> block", "", {}});
  EXPECT_EQ(parse, "Parsing it failed: the response has no <kernel_impl> block\n");

  const std::string log =
      "muls.craft:29:21: error: unknown name `valu` [unknown-name]\n"
      "  hint: did you mean `value`?\n"
      "muls.craft:18:1: error: the buffers need 655360 bytes of UB, more than the 196608 there are (with T = f32): "
      "xin 262144 (2 buffers), yout 262144 (2 buffers), xf 131072 [ub-budget]\n"
      "  hint: shrink the tile, drop a double buffer (buffers=2), or reuse a buffer\n";
  const std::string generator = RepairFeedback(Muls(), {"", log, {}});
  EXPECT_EQ(generator, "The craft checker rejected the program:\n" + log);
  EXPECT_LE(RepairFeedback(Muls(), {"", std::string(50000, 'e'), {}}).size(), kMaxFeedbackChars);

  const std::string record = Feedback(
      Muls(), {Record(Muls(), 0, Verdict::ParseError, {{"detail", "no ```cpp fence after op_host/muls.cpp"}})});
  EXPECT_TRUE(Has(record, "Parsing it failed: no ```cpp fence after op_host/muls.cpp")) << record;
}

TEST(RepairFeedbackTest, NothingFailedIsNoFeedback) {
  EXPECT_EQ(Feedback(Muls(), {}), "");
  EXPECT_EQ(Feedback(Muls(), {Record(Muls(), 0, Verdict::Pass, nlohmann::json::object()),
                              Record(Muls(), 1, Verdict::TaskError, {{"detail", "oracle failed"}})}),
            "");
}

PromptOptions Options(Route route, bench::TemplateMode templateMode) {
  PromptOptions options;
  options.route = route;
  options.templateMode = templateMode;
  return options;
}

TEST(RepairTurnTest, AppendsTheAnswerWithoutReasoningAndTheFollowUp) {
  const std::vector<ChatMessage> first = {{"user", "write muls"}};
  const std::vector<ChatMessage> turn =
      RepairTurn(first, "<think>tile it</think>\n<kernel_impl>old</kernel_impl>", "The build failed:\nx",
                 Options(Route::Direct, bench::TemplateMode::KernelOnly));
  ASSERT_EQ(turn.size(), 3u);
  EXPECT_EQ(turn[0], first[0]);
  EXPECT_EQ(turn[1].role, "assistant");
  EXPECT_EQ(turn[1].content, "<kernel_impl>old</kernel_impl>");
  EXPECT_EQ(turn[2].role, "user");
  EXPECT_TRUE(Has(turn[2].content, "The build failed:\nx\n")) << turn[2].content;
  EXPECT_TRUE(Has(turn[2].content, "<kernel_impl>")) << turn[2].content;

  const std::string full =
      RepairTurn(first, "a", "f", Options(Route::Direct, bench::TemplateMode::Full)).back().content;
  EXPECT_TRUE(Has(full, "==================")) << full;
  const std::string dsl = RepairTurn(first, "a", "f", Options(Route::Dsl, bench::TemplateMode::Full)).back().content;
  EXPECT_TRUE(Has(dsl, "```craft")) << dsl;
  EXPECT_THROW(RepairTurn(first, "a", " \n", Options(Route::Dsl, bench::TemplateMode::Full)), std::invalid_argument);
}

TEST(RepairTurnTest, ThePromptsFolderReplacesTheRepairTemplate) {
  std::string pattern = (fs::temp_directory_path() / "akgen-repair-test-XXXXXX").string();
  ASSERT_NE(mkdtemp(pattern.data()), nullptr);
  const fs::path prompts = pattern;
  std::ofstream(prompts / "repair_full.md") << "Failed: {{feedback}}\n";
  PromptOptions options = Options(Route::Direct, bench::TemplateMode::Full);
  options.promptsDir = prompts;
  EXPECT_EQ(RepairTurn({}, "a", "wrong", options).back().content, "Failed: wrong\n");
  fs::remove_all(prompts);
}

}  // namespace
}  // namespace akgen::gen
