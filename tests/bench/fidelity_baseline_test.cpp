// The fidelity check (bench/fidelity/) on results folders written by the harness's own writers
// (ResultsStore, WriteRunDescription), so the records are in the format real runs have.
#include "bench/fidelity/fidelity_baseline.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "bench/fidelity/baseline_update.h"
#include "bench/fidelity/fidelity_check.h"
#include "bench/fidelity/fidelity_comparison.h"
#include "bench/fidelity/first_diagnostic_line.h"
#include "bench/fidelity/run_verdicts.h"
#include "bench/results/results_store.h"
#include "bench/results/run_description.h"

namespace akgen::bench {
namespace {
namespace fs = std::filesystem;

class TempDir {
 public:
  TempDir() : path_(fs::temp_directory_path() / ("akgen_fidelity_" + std::to_string(std::random_device{}()))) {
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& Path() const { return path_; }

 private:
  fs::path path_;
};

ResultRecord Record(const std::string& task, int caseId, Verdict verdict, ShapeMode mode = ShapeMode::Static,
                    nlohmann::json details = nlohmann::json::object()) {
  ResultRecord record;
  record.task = task;
  record.level = task[5] - '0';  // `level1/...`
  const size_t category = task.find('/') + 1;
  const size_t op = task.find('/', category) + 1;
  record.category = task.substr(category, op - category - 1);
  record.op = task.substr(op);
  record.sample = 0;
  record.caseId = caseId;
  record.verdict = verdict;
  record.shapeMode = mode;
  record.templateMode = "full";
  record.caseCount = 5;
  record.details = std::move(details);
  return record;
}

// A results folder as `akgen eval --solutions answer --out DIR` leaves it.
fs::path WriteRun(const fs::path& dir, const std::vector<ResultRecord>& records, ShapeMode mode = ShapeMode::Static) {
  fs::create_directories(dir);
  WriteRunDescription({"/nkb/tasks", "answer", mode, 1024, 0, false}, dir);
  ResultsStore store(dir);
  for (const ResultRecord& record : records) store.Append(record);
  return dir;
}

fs::path WriteFile(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text;
  return file;
}

std::string ReadFile(const fs::path& file) {
  std::ifstream stream(file, std::ios::binary);
  std::ostringstream text;
  text << stream.rdbuf();
  return text.str();
}

constexpr const char* kBaseline = R"({
  "format": 1,
  "source": "NPUKernelBench tasks/ at commit 6b84216",
  "verdicts": {
    "static": {
      "level1/Math/Sasum": {"0": "wrong_answer"},
      "level1/Math/Snrm2": {"0": "sim_error"},
      "level2/Norm/RmsNorm": {"0": "pass"}
    },
    "dynamic": {
      "level2/Norm/RmsNorm": {"0": "pass", "1": "pass"}
    }
  }
}
)";

struct CheckOutput {
  int status = 0;
  std::string out;
  std::string err;
  std::string LastLine() const {
    const size_t end = out.find_last_not_of('\n');
    if (end == std::string::npos) return "";
    const size_t start = out.rfind('\n', end);
    return out.substr(start == std::string::npos ? 0 : start + 1,
                      end - (start == std::string::npos ? 0 : start + 1) + 1);
  }
};

CheckOutput Check(const std::vector<fs::path>& runs, const fs::path& baseline, bool update = false,
                  std::optional<std::string> source = std::nullopt) {
  std::ostringstream out;
  std::ostringstream err;
  CheckOutput output;
  output.status = RunFidelityCheck({runs, baseline, update, std::move(source)}, out, err);
  output.out = out.str();
  output.err = err.str();
  return output;
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const nlohmann::json kUbOverflow = {
    {"detail",
     "runner: the kernel stopped\nrms_norm.cpp:88: error: [ub-overflow] DataCopy writes 512 bytes past the "
     "Unified Buffer's end\n  in block 3\n"},
    {"diagnostic_kind", "ub-overflow"}};

TEST(FidelityCheckTest, APassThatFailsIsARegressionWithItsFirstDiagnosticLine) {
  TempDir temp;
  const fs::path baseline = WriteFile(temp.Path() / "baseline.json", kBaseline);
  const fs::path run = WriteRun(temp.Path() / "static",
                                {Record("level2/Norm/RmsNorm", 0, Verdict::SimError, ShapeMode::Static, kUbOverflow),
                                 Record("level1/Math/Sasum", 0, Verdict::WrongAnswer)});
  const CheckOutput output = Check({run}, baseline);
  EXPECT_EQ(output.status, 1);
  EXPECT_TRUE(Contains(output.out,
                       "regression  static level2/Norm/RmsNorm case 0  pass -> sim_error  rms_norm.cpp:88: error: "
                       "[ub-overflow] DataCopy writes 512 bytes past the Unified Buffer's end\n"))
      << output.out;
  EXPECT_EQ(output.LastLine(), "1 regressions, 0 new passes");
  EXPECT_TRUE(output.err.empty()) << output.err;
}

TEST(FidelityCheckTest, ACaseThatNoLongerBuildsIsARegression) {
  TempDir temp;
  const fs::path baseline = WriteFile(temp.Path() / "baseline.json", kBaseline);
  const nlohmann::json log = {
      {"detail",
       "g++ -std=c++17 -O2 -c rms_norm.cpp -o rms_norm.o\nrms_norm.cpp: In function 'void f()':\n"
       "rms_norm.cpp:12:5: error: 'Rsqrt' is not a member of 'AscendC'\n"}};
  const fs::path run = WriteRun(temp.Path() / "static",
                                {Record("level2/Norm/RmsNorm", 0, Verdict::CompileError, ShapeMode::Static, log)});
  const CheckOutput output = Check({run}, baseline);
  EXPECT_EQ(output.status, 1);
  EXPECT_TRUE(Contains(output.out,
                       "regression  static level2/Norm/RmsNorm case 0  pass -> compile_error  "
                       "rms_norm.cpp:12:5: error: 'Rsqrt' is not a member of 'AscendC'\n"))
      << output.out;
  EXPECT_EQ(output.LastLine(), "1 regressions, 0 new passes");
}

TEST(FidelityCheckTest, AFailureThatPassesIsANewPass) {
  TempDir temp;
  const fs::path baseline = WriteFile(temp.Path() / "baseline.json", kBaseline);
  const fs::path run = WriteRun(temp.Path() / "static", {Record("level1/Math/Sasum", 0, Verdict::Pass),
                                                         Record("level2/Norm/RmsNorm", 0, Verdict::Pass),
                                                         Record("level1/Math/Sqrt", 0, Verdict::Pass)});
  const CheckOutput output = Check({run}, baseline);
  EXPECT_EQ(output.status, 0);
  EXPECT_TRUE(Contains(output.out, "new pass    static level1/Math/Sasum case 0  wrong_answer -> pass\n"))
      << output.out;
  EXPECT_TRUE(Contains(output.out, "new pass    static level1/Math/Sqrt case 0  (none) -> pass\n")) << output.out;
  EXPECT_FALSE(Contains(output.out, "regression  ")) << output.out;
  EXPECT_EQ(output.LastLine(), "0 regressions, 2 new passes");
}

TEST(FidelityCheckTest, BaselineEntriesTheRunDidNotJudgeAreNoRegressions) {
  TempDir temp;
  const fs::path baseline = WriteFile(temp.Path() / "baseline.json", kBaseline);
  // A static run of one task: the dynamic entries and the other static tasks are not run.
  const fs::path run = WriteRun(temp.Path() / "static", {Record("level2/Norm/RmsNorm", 0, Verdict::Pass)});
  const CheckOutput output = Check({run}, baseline);
  EXPECT_EQ(output.status, 0);
  EXPECT_TRUE(Contains(output.out, "4 baseline entries not run")) << output.out;
  EXPECT_TRUE(Contains(output.out, "1 case judged: 1 as in the baseline")) << output.out;
  EXPECT_EQ(output.LastLine(), "0 regressions, 0 new passes");
}

TEST(FidelityCheckTest, AnotherFailureIsListedAsChangedButIsNoRegression) {
  TempDir temp;
  const fs::path baseline = WriteFile(temp.Path() / "baseline.json", kBaseline);
  const fs::path run =
      WriteRun(temp.Path() / "static",
               {Record("level1/Math/Sasum", 0, Verdict::SimError, ShapeMode::Static, {{"diagnostic_kind", "deadlock"}}),
                Record("level1/Math/Snrm2", 0, Verdict::WrongAnswer, ShapeMode::Static,
                       {{"max_abs_error", 0.5}, {"reason", "output 0: 3 of 32 elements differ"}})});
  const CheckOutput output = Check({run}, baseline);
  EXPECT_EQ(output.status, 0);
  EXPECT_TRUE(
      Contains(output.out, "changed     static level1/Math/Sasum case 0  wrong_answer -> sim_error  deadlock\n"))
      << output.out;
  EXPECT_TRUE(Contains(output.out,
                       "changed     static level1/Math/Snrm2 case 0  sim_error -> wrong_answer  "
                       "output 0: 3 of 32 elements differ\n"))
      << output.out;
  EXPECT_EQ(output.LastLine(), "0 regressions, 0 new passes");
}

TEST(FidelityCheckTest, TheModeIsTheRecordsShapeMode) {
  TempDir temp;
  const fs::path baseline = WriteFile(temp.Path() / "baseline.json", kBaseline);
  const fs::path staticRun = WriteRun(temp.Path() / "static", {Record("level2/Norm/RmsNorm", 0, Verdict::Pass)});
  const fs::path dynamicRun = WriteRun(temp.Path() / "dynamic",
                                       {Record("level2/Norm/RmsNorm", 0, Verdict::Pass, ShapeMode::Dynamic),
                                        Record("level2/Norm/RmsNorm", 1, Verdict::Timeout, ShapeMode::Dynamic,
                                               {{"detail", "runner: wall-clock limit of 120 s exceeded"}})},
                                       ShapeMode::Dynamic);
  const CheckOutput output = Check({staticRun, dynamicRun}, baseline);
  EXPECT_EQ(output.status, 1);
  EXPECT_TRUE(Contains(output.out,
                       "regression  dynamic level2/Norm/RmsNorm case 1  pass -> timeout  "
                       "runner: wall-clock limit of 120 s exceeded\n"))
      << output.out;
  EXPECT_TRUE(Contains(output.out, "3 cases judged: 2 as in the baseline")) << output.out;
  EXPECT_EQ(output.LastLine(), "1 regressions, 0 new passes");
}

TEST(FidelityCheckTest, OtherSamplesAndExtraCasesAreLeftOut) {
  TempDir temp;
  const fs::path baseline = WriteFile(temp.Path() / "baseline.json", kBaseline);
  ResultRecord otherSample = Record("level2/Norm/RmsNorm", 0, Verdict::WrongAnswer);
  otherSample.sample = 1;
  ResultRecord extra = Record("level2/Norm/RmsNorm", 5, Verdict::WrongAnswer);
  extra.extraOf = 0;
  const fs::path run =
      WriteRun(temp.Path() / "static", {Record("level2/Norm/RmsNorm", 0, Verdict::Pass), otherSample, extra});
  const CheckOutput output = Check({run}, baseline);
  EXPECT_EQ(output.status, 0);
  EXPECT_TRUE(Contains(output.err, "1 extra-case records")) << output.err;
  EXPECT_EQ(output.LastLine(), "0 regressions, 0 new passes");
}

TEST(FidelityCheckTest, UpdateMergesTheRunIntoTheBaseline) {
  TempDir temp;
  const fs::path baseline = WriteFile(temp.Path() / "baseline.json", kBaseline);
  const fs::path run =
      WriteRun(temp.Path() / "static",
               {Record("level2/Norm/RmsNorm", 0, Verdict::WrongAnswer), Record("level1/Math/Sasum", 0, Verdict::Pass),
                Record("level1/Math/Sqrt", 10, Verdict::Pass), Record("level1/Math/Sqrt", 2, Verdict::Pass)});
  const CheckOutput output = Check({run}, baseline, true);
  EXPECT_EQ(output.status, 0) << "an update accepts the changes it was run to accept";
  EXPECT_TRUE(Contains(output.out, "regression  static level2/Norm/RmsNorm case 0  pass -> wrong_answer"))
      << output.out;
  EXPECT_TRUE(Contains(output.out, "updated " + baseline.string() + ": 4 verdicts from this run, 7 in all\n"))
      << output.out;
  EXPECT_EQ(output.LastLine(), "1 regressions, 3 new passes");
  // The run's verdicts replace or add to the baseline's; the entries it did not judge stay. Sorted:
  // modes and tasks by name, cases by number.
  EXPECT_EQ(ReadFile(baseline), R"({
  "format": 1,
  "source": "NPUKernelBench tasks/ at commit 6b84216",
  "verdicts": {
    "dynamic": {
      "level2/Norm/RmsNorm": {
        "0": "pass",
        "1": "pass"
      }
    },
    "static": {
      "level1/Math/Sasum": {
        "0": "pass"
      },
      "level1/Math/Snrm2": {
        "0": "sim_error"
      },
      "level1/Math/Sqrt": {
        "2": "pass",
        "10": "pass"
      },
      "level2/Norm/RmsNorm": {
        "0": "wrong_answer"
      }
    }
  }
}
)");
  const std::vector<fs::path> leftovers = {fs::directory_iterator(temp.Path()), fs::directory_iterator()};
  EXPECT_EQ(leftovers.size(), 2u) << "no temporary file stays beside the baseline";
  const CheckOutput again = Check({run}, baseline);
  EXPECT_EQ(again.status, 0);
  EXPECT_EQ(again.LastLine(), "0 regressions, 0 new passes");
}

TEST(FidelityCheckTest, UpdateStartsAMissingBaseline) {
  TempDir temp;
  const fs::path baseline = temp.Path() / "baseline.json";
  const fs::path run = WriteRun(temp.Path() / "static", {Record("level1/Math/Sasum", 0, Verdict::WrongAnswer),
                                                         Record("level1/Math/Sqrt", 0, Verdict::Pass)});
  const CheckOutput output = Check({run}, baseline, true, "NPUKernelBench tasks/ at commit 6b84216");
  EXPECT_EQ(output.status, 0) << output.err;
  EXPECT_EQ(output.LastLine(), "0 regressions, 1 new passes");
  const FidelityBaseline written = ReadFidelityBaseline(baseline);
  EXPECT_EQ(written.source, "NPUKernelBench tasks/ at commit 6b84216");
  const std::map<FidelityKey, Verdict> expected = {{{ShapeMode::Static, "level1/Math/Sasum", 0}, Verdict::WrongAnswer},
                                                   {{ShapeMode::Static, "level1/Math/Sqrt", 0}, Verdict::Pass}};
  EXPECT_EQ(written.verdicts, expected);
}

TEST(FidelityCheckTest, AMissingBaselineIsAnErrorNamingIt) {
  TempDir temp;
  const fs::path run = WriteRun(temp.Path() / "static", {Record("level1/Math/Sqrt", 0, Verdict::Pass)});
  const CheckOutput output = Check({run}, temp.Path() / "no-baseline.json");
  EXPECT_EQ(output.status, 2);
  EXPECT_TRUE(Contains(output.err, (temp.Path() / "no-baseline.json").string() + ": no such baseline file"))
      << output.err;
}

TEST(FidelityCheckTest, AMalformedBaselineIsAnErrorNamingTheFileAndLine) {
  TempDir temp;
  const fs::path baseline =
      WriteFile(temp.Path() / "baseline.json", "{\n  \"format\": 1,\n  \"verdicts\": {\n    \"static\": {,\n");
  const fs::path run = WriteRun(temp.Path() / "static", {Record("level1/Math/Sqrt", 0, Verdict::Pass)});
  const CheckOutput output = Check({run}, baseline);
  EXPECT_EQ(output.status, 2);
  EXPECT_TRUE(Contains(output.err, baseline.string() + ": not valid JSON: parse error at line 4, column"))
      << output.err;
  EXPECT_TRUE(output.out.empty()) << output.out;
}

TEST(FidelityCheckTest, ABaselineOutOfFormatNamesTheEntry) {
  TempDir temp;
  const fs::path run = WriteRun(temp.Path() / "static", {Record("level1/Math/Sqrt", 0, Verdict::Pass)});
  const fs::path verdict = WriteFile(temp.Path() / "verdict.json",
                                     R"({"format": 1, "verdicts": {"static": {"level1/Math/Sqrt": {"0": "passed"}}}})");
  CheckOutput output = Check({run}, verdict);
  EXPECT_EQ(output.status, 2);
  EXPECT_TRUE(Contains(output.err, verdict.string() + ": not a fidelity baseline (verdicts.static.level1/Math/Sqrt.0: "
                                                      "\"passed\" is not a verdict"))
      << output.err;
  const fs::path mode = WriteFile(temp.Path() / "mode.json", R"({"format": 1, "verdicts": {"statc": {}}})");
  output = Check({run}, mode);
  EXPECT_EQ(output.status, 2);
  EXPECT_TRUE(Contains(output.err, "verdicts.statc: not a shape mode")) << output.err;
  const fs::path format = WriteFile(temp.Path() / "format.json", R"({"format": 2, "verdicts": {}})");
  output = Check({run}, format);
  EXPECT_EQ(output.status, 2);
  EXPECT_TRUE(Contains(output.err, "`format` is missing or not 1")) << output.err;
}

TEST(FidelityCheckTest, ARunFolderWithoutResultsIsAnError) {
  TempDir temp;
  const fs::path baseline = WriteFile(temp.Path() / "baseline.json", kBaseline);
  fs::create_directories(temp.Path() / "empty");
  CheckOutput output = Check({temp.Path() / "empty"}, baseline);
  EXPECT_EQ(output.status, 2);
  EXPECT_TRUE(Contains(output.err, (temp.Path() / "empty" / "results.jsonl").string() + ": no results")) << output.err;
  output = Check({temp.Path() / "no-such-run"}, baseline);
  EXPECT_EQ(output.status, 2);
  EXPECT_TRUE(Contains(output.err, (temp.Path() / "no-such-run").string() + ": no such folder")) << output.err;
}

TEST(FidelityCheckTest, ATimingOnlyRunIsRefused) {
  TempDir temp;
  const fs::path baseline = WriteFile(temp.Path() / "baseline.json", kBaseline);
  const fs::path run = temp.Path() / "timed";
  fs::create_directories(run);
  WriteRunDescription({"/nkb/tasks", "answer", ShapeMode::Static, 1024, 0, true}, run);
  ResultsStore(run).Append(Record("level1/Math/Sqrt", 0, Verdict::Timed));
  const CheckOutput output = Check({run}, baseline);
  EXPECT_EQ(output.status, 2);
  EXPECT_TRUE(Contains(output.err, "timing-only")) << output.err;
}

TEST(FirstDiagnosticLineTest, KeepsOneLineOfAboutTwoHundredBytes) {
  ResultRecord record = Record("level1/Math/Sqrt", 0, Verdict::WrongAnswer);
  record.details = {{"reason", "  " + std::string(150, 'x') + "\nsecond"}};
  EXPECT_EQ(FirstDiagnosticLine(record), std::string(150, 'x'));
  // 199 bytes, then a two-byte character whose second byte would be the 201st: the cut falls before it.
  record.details = {{"reason", std::string(199, 'x') + "\u00e9" + std::string(10, 'y')}};
  EXPECT_EQ(FirstDiagnosticLine(record), std::string(199, 'x') + "...");
  record.details = {{"max_abs_error", 0.5}, {"first_bad_index", 17}};
  EXPECT_EQ(FirstDiagnosticLine(record), "max_abs_error 0.5, first bad index 17");
  record.details = nlohmann::json::object();
  EXPECT_EQ(FirstDiagnosticLine(record), "");
}

TEST(FidelityCompareTest, CountsEachKindOfChange) {
  FidelityBaseline baseline;
  baseline.verdicts = {{{ShapeMode::Static, "level1/Math/A", 0}, Verdict::Pass},
                       {{ShapeMode::Static, "level1/Math/B", 0}, Verdict::WrongAnswer},
                       {{ShapeMode::Static, "level1/Math/C", 0}, Verdict::CompileError},
                       {{ShapeMode::Dynamic, "level1/Math/A", 3}, Verdict::Pass}};
  RunVerdicts run;
  run.entries = {{{ShapeMode::Static, "level1/Math/A", 0}, {Verdict::TaskError, "", "run"}},
                 {{ShapeMode::Static, "level1/Math/B", 0}, {Verdict::Pass, "", "run"}},
                 {{ShapeMode::Static, "level1/Math/C", 0}, {Verdict::CompileError, "", "run"}},
                 {{ShapeMode::Static, "level1/Math/D", 0}, {Verdict::Crash, "", "run"}}};
  const FidelityComparison comparison = CompareWithBaseline(baseline, run);
  ASSERT_EQ(comparison.regressions.size(), 1u);
  EXPECT_EQ(comparison.regressions[0].key.task, "level1/Math/A");
  ASSERT_EQ(comparison.newPasses.size(), 1u);
  EXPECT_EQ(comparison.newPasses[0].key.task, "level1/Math/B");
  ASSERT_EQ(comparison.changed.size(), 1u);
  EXPECT_EQ(comparison.changed[0].baseline, std::nullopt);
  EXPECT_EQ(comparison.unchanged, 1u);
  EXPECT_EQ(comparison.notRun, 1u);
  const FidelityBaseline updated = UpdatedBaseline(baseline, run);
  EXPECT_EQ(updated.verdicts.size(), 5u);
  EXPECT_EQ(updated.verdicts.at({ShapeMode::Dynamic, "level1/Math/A", 3}), Verdict::Pass);
  EXPECT_EQ(updated.verdicts.at({ShapeMode::Static, "level1/Math/A", 0}), Verdict::TaskError);
}

}  // namespace
}  // namespace akgen::bench
