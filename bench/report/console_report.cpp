#include "bench/report/console_report.h"

#include <cmath>
#include <cstdio>

#include "bench/report/text_table.h"

namespace akgen::bench {
namespace {

// Python's str() of a float rounded to `digits`: trailing zeros dropped, one decimal kept.
std::string RoundedString(double value, int digits) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, value);
  std::string text = buffer;
  while (text.back() == '0' && text[text.size() - 2] != '.') text.pop_back();
  return text;
}

std::string Fixed(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4f", value);
  return buffer;
}

std::string CaseCell(const ProblemRow& row) { return row.caseId ? std::to_string(*row.caseId) : "all"; }

std::string LevelTable(const Metrics& metrics, int level) {
  TextTable table{
      {"op_definition", "op_level", "case_id", "total_samples", "format_parse_pass", "compile_pass", "precision_pass"},
      {}};
  for (const ProblemRow& row : metrics.problems) {
    if (row.level != level) continue;
    table.rows.push_back({row.OpDefinition(), std::to_string(row.level), CaseCell(row), std::to_string(row.samples),
                          std::to_string(row.parsed), std::to_string(row.compiled), std::to_string(row.correct)});
  }
  return RenderGrid(table);
}

std::vector<std::string> RateCells(const GroupMetrics& group) {
  return {std::to_string(group.counts.units), PercentString(group.counts.ParseRate()),
          PercentString(group.counts.CompileRate()), PercentString(group.counts.CorrectnessRate())};
}

std::string LevelSummaryTable(const Metrics& metrics) {
  TextTable table{{"op_level", "total_samples", "parse_pass_rate", "compile_pass_rate", "precision_pass_rate"}, {}};
  for (const auto& [level, group] : metrics.levels) {
    std::vector<std::string> row = {std::to_string(level)};
    for (std::string& cell : RateCells(group)) row.push_back(std::move(cell));
    table.rows.push_back(std::move(row));
  }
  return RenderGrid(table);
}

std::string CategoryTable(const Metrics& metrics) {
  TextTable table{
      {"category", "problems", "units", "parse_pass_rate", "compile_pass_rate", "correctness_rate", "pass@1"}, {}};
  for (const auto& [category, group] : metrics.categories) {
    std::vector<std::string> row = {category, std::to_string(group.problems)};
    for (std::string& cell : RateCells(group)) row.push_back(std::move(cell));
    const auto passAt1 = group.passAtK.find(1);
    row.push_back(passAt1 == group.passAtK.end() ? "-" : Fixed(passAt1->second.value));
    table.rows.push_back(std::move(row));
  }
  return RenderGrid(table);
}

std::string PassAtKLines(const Metrics& metrics) {
  const char* problem = metrics.shapeMode == ShapeMode::Static ? "(task, case)" : "task";
  std::string text = "Unbiased pass@k, averaged over each " + std::string(problem) + " with at least k samples:\n";
  for (const auto& [k, average] : metrics.overall.passAtK) {
    text += "  pass@" + std::to_string(k) + " = " + Fixed(average.value) + "  (" + std::to_string(average.problems) +
            " problems)\n";
  }
  if (metrics.overall.passAtK.empty()) text += "  (no samples)\n";
  return text;
}

std::string VerdictLine(const Metrics& metrics) {
  std::string text = "Verdicts over " + std::to_string(metrics.records) + " (sample, case) records:";
  for (Verdict verdict : kAllVerdicts) {
    const auto found = metrics.overall.verdicts.find(verdict);
    if (found != metrics.overall.verdicts.end())
      text += " " + std::string(ToString(verdict)) + " " + std::to_string(found->second);
  }
  return text + "\n";
}

std::string ScoreLines(const Metrics& metrics) {
  const BenchScore& score = metrics.score;
  std::string levels;
  for (const auto& [level, weight] : score.weights)
    levels += (levels.empty() ? "level" : ", level") + std::to_string(level);
  std::string text =
      "[The NPUKernelBench benchmark achieved a total score of: " + RoundedString(score.npuKernelBench, 2) + "]\n";
  text += "Renormalised score over the levels present (" + (levels.empty() ? std::string("none") : levels) +
          "): " + Fixed(score.renormalised) + " (not NPUKernelBench's number)\n";
  for (int level : score.unweightedLevels) {
    text += "Note: level" + std::to_string(level) + " has no NPUKernelBench weight and adds nothing to the score\n";
  }
  return text;
}

std::string IncompleteLine(const Metrics& metrics) {
  if (metrics.overall.counts.incomplete == 0) return "";
  return "Note: " + std::to_string(metrics.overall.counts.incomplete) +
         " dynamic samples have no record for some cases and are not counted correct; rerun `akgen eval` with "
         "the same --out to finish them\n\n";
}

}  // namespace

std::string PercentString(double fraction) { return RoundedString(fraction * 100, 2) + "%"; }

std::string ConsoleReport(const Metrics& metrics) {
  std::string text =
      "Detailed Statistics by Operator Level (" + std::string(ToString(metrics.shapeMode)) + " shape mode):\n\n";
  for (const auto& [level, group] : metrics.levels) {
    text += "[Statistics for Level " + std::to_string(level) + "]\n\n" + LevelTable(metrics, level) + "\n";
  }
  text += "Overall Statistics Summary:\n\n" + LevelSummaryTable(metrics) + "\n";
  text += "Statistics by Category:\n\n" + CategoryTable(metrics) + "\n";
  text += PassAtKLines(metrics) + "\n" + VerdictLine(metrics) + "\n" + IncompleteLine(metrics) + ScoreLines(metrics);
  return text;
}

}  // namespace akgen::bench
