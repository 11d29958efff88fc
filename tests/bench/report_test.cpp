#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "bench/metrics/summary_json.h"
#include "bench/report/console_report.h"
#include "bench/report/mkb_report.h"
#include "bench/report/results_report.h"
#include "bench/report/text_table.h"
#include "bench/results/results_file.h"
#include "bench/results/results_store.h"

namespace akgen::bench {
namespace {
namespace fs = std::filesystem;

ResultRecord Record(const std::string& category, const std::string& op, int level, int sample, int caseId,
                    Verdict verdict, ShapeMode mode = ShapeMode::Static) {
  ResultRecord record;
  record.task = "level" + std::to_string(level) + "/" + category + "/" + op;
  record.level = level;
  record.category = category;
  record.op = op;
  record.sample = sample;
  record.caseId = caseId;
  record.verdict = verdict;
  record.shapeMode = mode;
  return record;
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(TextTableTest, RendersTabulateGrid) {
  const TextTable table{{"op_definition", "op_level", "rate"},
                        {{"Math/Sqrt", "1", "50.0%"}, {"Math/Neg", "12", "0.0%"}}};
  EXPECT_EQ(RenderGrid(table),
            "+-----------------+------------+--------+\n"
            "| op_definition   |   op_level | rate   |\n"
            "+=================+============+========+\n"
            "| Math/Sqrt       |          1 | 50.0%  |\n"
            "+-----------------+------------+--------+\n"
            "| Math/Neg        |         12 | 0.0%   |\n"
            "+-----------------+------------+--------+\n");
}

TEST(ConsoleReportTest, FormatsRatesAsNpuKernelBenchDoes) {
  EXPECT_EQ(PercentString(1.0), "100.0%");
  EXPECT_EQ(PercentString(1.0 / 3), "33.33%");
  EXPECT_EQ(PercentString(0.505), "50.5%");
  EXPECT_EQ(PercentString(0.0), "0.0%");
}

std::vector<ResultRecord> MixedRun() {
  return {Record("Math", "Sqrt", 1, 0, 0, Verdict::Pass),        Record("Math", "Sqrt", 1, 1, 0, Verdict::WrongAnswer),
          Record("Math", "Neg", 1, 0, 0, Verdict::CompileError), Record("Math", "Neg", 1, 1, 0, Verdict::ParseError),
          Record("Norm", "RmsNorm", 2, 0, 3, Verdict::Pass),     Record("Norm", "RmsNorm", 2, 1, 3, Verdict::Pass)};
}

TEST(ConsoleReportTest, PrintsNpuKernelBenchTablesThenPassAtKAndVerdicts) {
  const std::string text = ConsoleReport(ComputeMetrics(MixedRun(), ShapeMode::Static));
  EXPECT_TRUE(
      Contains(text, "Detailed Statistics by Operator Level (static shape mode):\n\n[Statistics for Level 1]\n"));
  EXPECT_TRUE(Contains(text,
                       "| op_definition   |   op_level |   case_id |   total_samples |   format_parse_pass |"
                       "   compile_pass |   precision_pass |\n"));
  EXPECT_TRUE(Contains(text,
                       "| Math/Neg        |          1 |         0 |               2 |                   1 |"
                       "              0 |                0 |\n"));
  EXPECT_TRUE(Contains(text,
                       "| Math/Sqrt       |          1 |         0 |               2 |                   2 |"
                       "              2 |                1 |\n"));
  EXPECT_TRUE(Contains(text, "[Statistics for Level 2]"));
  EXPECT_TRUE(Contains(text, "|          1 |               4 | 75.0%             | 50.0%               | 25.0%"));
  EXPECT_TRUE(Contains(text, "| level2/Norm |          1 |       2 | 100.0%"));
  EXPECT_TRUE(Contains(text, "  pass@1 = 0.5000  (3 problems)\n"));
  EXPECT_FALSE(Contains(text, "pass@5"));
  EXPECT_TRUE(
      Contains(text, "Verdicts over 6 (sample, case) records: parse_error 1 compile_error 1 wrong_answer 1 pass 3\n"));
  EXPECT_TRUE(Contains(text, "[The NPUKernelBench benchmark achieved a total score of: 0.35]\n"));
  EXPECT_TRUE(Contains(text, "Renormalised score over the levels present (level1, level2): 0.7000"));
}

TEST(ConsoleReportTest, DynamicRowsCoverAllCasesAndIncompleteSamplesAreNoted) {
  std::vector<ResultRecord> records = {Record("Math", "Sqrt", 1, 0, 0, Verdict::Pass, ShapeMode::Dynamic)};
  records[0].caseCount = 2;
  const std::string text = ConsoleReport(ComputeMetrics(records, ShapeMode::Dynamic));
  EXPECT_TRUE(Contains(text, "(dynamic shape mode)"));
  EXPECT_TRUE(Contains(text, "| Math/Sqrt       |          1 | all       |"));
  EXPECT_TRUE(Contains(text, "Note: 1 dynamic samples have no record for some cases"));
}

// Sqrt: a correct sample at 10 µs (eager 40, reference 20) and a faster wrong one; Neg: wrong only.
std::vector<ResultRecord> TimedRun() {
  std::vector<ResultRecord> records = {Record("Math", "Sqrt", 1, 0, 0, Verdict::Pass),
                                       Record("Math", "Sqrt", 1, 1, 0, Verdict::WrongAnswer),
                                       Record("Math", "Neg", 1, 0, 0, Verdict::WrongAnswer)};
  const double simulated[] = {10, 2, 1};
  for (size_t i = 0; i < records.size(); ++i)
    records[i].details = {{"simulated_us", simulated[i]}, {"eager_us", 40.0}, {"reference_us", 20.0}};
  return records;
}

TEST(ConsoleReportTest, TimedResultsAddTimeColumnsAndFastPTables) {
  const std::string text = ConsoleReport(ComputeMetrics(TimedRun(), ShapeMode::Static));
  EXPECT_TRUE(Contains(text, "precision_pass |   simulated_us |   eager_us |   speedup_vs_eager |   reference_us |"
                             "   speedup_vs_reference |\n"));
  EXPECT_TRUE(Contains(text, "| Math/Sqrt       |          1 |         0 |               2 |                   2 |"
                             "              2 |                1 |          10.00 |      40.00 |              4.000 |"
                             "          20.00 |                  2.000 |\n"));
  EXPECT_TRUE(Contains(text, "| Math/Neg        |          1 |         0 |               1 |                   1 |"
                             "              1 |                0 |                |            |                    |"));
  EXPECT_TRUE(Contains(text, "Against modelled PyTorch eager:\n"));
  EXPECT_TRUE(Contains(text, "| overall     |          2 |                     1 |             4.000 | 50.0%    | 50.0%"));
  EXPECT_TRUE(Contains(text, "Against the task's reference answer:\n"));
}

TEST(ConsoleReportTest, ResultsOfTheAnswersThemselvesHaveNoReferenceColumns) {
  std::vector<ResultRecord> records = TimedRun();
  for (ResultRecord& record : records) record.details.erase("reference_us");
  const std::string text = ConsoleReport(ComputeMetrics(records, ShapeMode::Static));
  EXPECT_TRUE(Contains(text, "speedup_vs_eager |\n"));
  EXPECT_FALSE(Contains(text, "reference"));
}

class OutDir {
 public:
  OutDir() : path_(fs::temp_directory_path() / ("akgen_report_" + std::to_string(std::random_device{}()))) {}
  ~OutDir() { fs::remove_all(path_); }
  const fs::path& Path() const { return path_; }

 private:
  fs::path path_;
};

// One trial record of a MultiKernelBench task (level 0, one unit per sample over its trials).
ResultRecord Trial(const std::string& category, const std::string& task, int sample, Verdict verdict,
                   double simulatedUs = 0, bool cheating = false) {
  ResultRecord record = Record(category, task, 0, sample, 0, verdict, ShapeMode::Dynamic);
  record.task = category + "/" + task;
  record.caseCount = 1;
  if (simulatedUs > 0) record.details = {{"simulated_us", simulatedUs}, {"eager_us", 10.0}};
  if (cheating) record.details["cheating"] = true;
  return record;
}

TEST(MkbReportTest, AscendCraftsRatesAndFastPPerCategoryAndMultiKernelBenchsSpeedUp) {
  // activation/relu: 2 samples, both compile, one correct at 2x eager; activation/gelu: one
  // compiles, none correct; loss/mse: both correct, at 0.5x and 0.9x (flagged by the anti-hack scan).
  const std::vector<ResultRecord> records = {
      Trial("activation", "relu", 0, Verdict::Pass, 5.0),      Trial("activation", "relu", 1, Verdict::WrongAnswer),
      Trial("activation", "gelu", 0, Verdict::CompileError),  Trial("activation", "gelu", 1, Verdict::Crash),
      Trial("loss", "mse", 0, Verdict::Pass, 20.0, true),     Trial("loss", "mse", 1, Verdict::Pass, 11.0)};
  ASSERT_TRUE(AreMultiKernelBenchResults(records));
  const std::vector<MkbRow> rows = MkbRows(records, ComputeMetrics(records, ShapeMode::Dynamic));
  const std::string text = MkbTables(rows);
  // Comp@1 = mean(2/2, 1/2) = 75%; Pass@1 = mean(1/2, 0) = 25%, a third of Comp@1; Fast0.8 and
  // Fast1.0: relu's best is 2x; SpeedUp1@1 = mean(1/2, 0); SpeedUp1@2 = mean(1, 0).
  EXPECT_TRUE(Contains(text, "| activation |       2 |         4 | 75.0%    | 25.0%    | 33.33%          | 50.0%     |"
                             " 50.0%     | 50.0%     | 25.0%        | 50.0%        |         0 |"))
      << text;
  // mse: best 10/11 = 0.91x: fast at 0.2 and 0.8, not at 1.0; no sample reaches 1x.
  EXPECT_TRUE(Contains(text, "| loss       |       1 |         2 | 100.0%   | 100.0%   | 100.0%          | 100.0%    |"
                             " 100.0%    | 0.0%      | 0.0%         | 0.0%         |         1 |"))
      << text;
  EXPECT_TRUE(Contains(text, "| overall    |       3 |         6 | 83.33%   | 50.0%    | 60.0%           | 66.67%    |"
                             " 66.67%    | 33.33%    | 16.67%       | 33.33%       |         1 |"))
      << text;
  EXPECT_FALSE(AreMultiKernelBenchResults(MixedRun())) << "NPUKernelBench tasks have levels";
  const nlohmann::json json = MkbRowsJson(rows);
  ASSERT_EQ(json.size(), 3u);
  EXPECT_EQ(json[2]["group"], "overall");
  EXPECT_DOUBLE_EQ(json[0]["comp@1"].get<double>(), 0.75);
  EXPECT_DOUBLE_EQ(json[0]["fast_0.8"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(json[0]["speedup_1@2"].get<double>(), 0.5);
  EXPECT_EQ(json[1]["flagged"], 1);
}

TEST(ResultsReportTest, ReportsAResultsDirectoryAndWritesItsSummary) {
  const OutDir out;
  {
    ResultsStore store(out.Path());
    for (const ResultRecord& record : MixedRun()) store.Append(record);
  }
  const ResultsReport report = ReportResults(out.Path());
  EXPECT_TRUE(report.warnings.empty());
  EXPECT_EQ(report.metrics.shapeMode, ShapeMode::Static);
  EXPECT_EQ(report.metrics.records, 6);
  EXPECT_TRUE(Contains(report.text, "total score of: 0.35]"));
  const nlohmann::json summary = nlohmann::json::parse(std::ifstream(out.Path() / kSummaryFileName));
  EXPECT_EQ(summary["overall"]["precision_pass"], 3);
  EXPECT_FALSE(fs::exists(out.Path() / (std::string(kSummaryFileName) + ".tmp")));
}

TEST(ResultsReportTest, UsesTheRecordedModeUnlessToldOtherwise) {
  const OutDir out;
  {
    ResultsStore store(out.Path());
    store.Append(Record("Math", "Sqrt", 1, 0, 0, Verdict::Pass, ShapeMode::Dynamic));
    store.Append(Record("Math", "Sqrt", 1, 0, 1, Verdict::WrongAnswer, ShapeMode::Dynamic));
  }
  const ResultsReport dynamicReport = ReportResults(out.Path());
  EXPECT_EQ(dynamicReport.metrics.shapeMode, ShapeMode::Dynamic);
  EXPECT_EQ(dynamicReport.metrics.overall.counts.correct, 0);
  const ResultsReport staticReport = ReportResults(out.Path(), ShapeMode::Static);
  EXPECT_EQ(staticReport.metrics.overall.counts.correct, 1);

  ResultsStore(out.Path()).Append(Record("Math", "Sqrt", 1, 1, 0, Verdict::Pass, ShapeMode::Static));
  const ResultsReport mixed = ReportResults(out.Path());
  ASSERT_EQ(mixed.warnings.size(), 1u);
  EXPECT_TRUE(Contains(mixed.warnings[0], "records come from both shape modes; reporting them as static"));
}

TEST(ResultsReportTest, PassesOnTheWarningOfAnUnfinishedLine) {
  const OutDir out;
  ResultsStore(out.Path()).Append(Record("Math", "Sqrt", 1, 0, 0, Verdict::Pass));
  std::ofstream(out.Path() / kResultsFileName, std::ios::app) << "{\"task\":";
  const ResultsReport report = ReportResults(out.Path());
  ASSERT_EQ(report.warnings.size(), 1u);
  EXPECT_TRUE(Contains(report.warnings[0], ":2: warning: ignoring an unfinished record"));
  EXPECT_EQ(report.metrics.records, 1);
}

TEST(ResultsReportTest, AnOutputDirectoryWithoutResultsIsAnError) {
  const OutDir out;
  fs::create_directories(out.Path());
  try {
    ReportResults(out.Path());
    FAIL() << "no error for a directory without results";
  } catch (const ResultsFileError& error) {
    EXPECT_TRUE(Contains(error.what(), "results.jsonl: no results; run `akgen eval SUITE --out"));
  }
}

}  // namespace
}  // namespace akgen::bench
