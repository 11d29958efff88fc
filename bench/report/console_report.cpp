#include "bench/report/console_report.h"

#include <cmath>

#include "bench/report/decimals.h"
#include "bench/report/text_table.h"

namespace akgen::bench {
namespace {

// Python's str() of a float rounded to `digits`: trailing zeros dropped, one decimal kept.
std::string RoundedString(double value, int digits) {
  std::string text = Decimals(value, digits);
  while (text.back() == '0' && text[text.size() - 2] != '.') text.pop_back();
  return text;
}

std::string Fixed(double value) { return Decimals(value, 4); }

std::string OptionalCell(const std::optional<double>& value, int digits) {
  return value ? Decimals(*value, digits) : "";
}

std::string CaseCell(const ProblemRow& row) { return row.caseId ? std::to_string(*row.caseId) : "all"; }

// NPUKernelBench's columns, then, when the records have simulated times, those of each row's
// fastest correct sample and its speedups.
std::string LevelTable(const Metrics& metrics, int level) {
  TextTable table{
      {"op_definition", "op_level", "case_id", "total_samples", "format_parse_pass", "compile_pass", "precision_pass"},
      {}};
  if (metrics.hasSimulatedTime)
    table.headers.insert(table.headers.end(), {"simulated_us", "eager_us", "speedup_vs_eager"});
  if (metrics.hasReferenceTime) table.headers.insert(table.headers.end(), {"reference_us", "speedup_vs_reference"});
  for (const ProblemRow& row : metrics.problems) {
    if (row.level != level) continue;
    std::vector<std::string> cells = {
        row.OpDefinition(),          std::to_string(row.level),  CaseCell(row),
        std::to_string(row.samples), std::to_string(row.parsed), std::to_string(row.compiled),
        std::to_string(row.correct)};
    const UnitTiming timing = row.fastest.value_or(UnitTiming{});
    if (metrics.hasSimulatedTime)
      cells.insert(cells.end(), {OptionalCell(timing.simulatedUs, 2), OptionalCell(timing.eagerUs, 2),
                                 OptionalCell(timing.SpeedupVsEager(), 3)});
    if (metrics.hasReferenceTime)
      cells.insert(cells.end(), {OptionalCell(timing.referenceUs, 2), OptionalCell(timing.SpeedupVsReference(), 3)});
    table.rows.push_back(std::move(cells));
  }
  return RenderGrid(table);
}

std::string TimingNote(const Metrics& metrics) {
  if (!metrics.hasSimulatedTime) return "";
  std::string note = metrics.hasTimedOnly
                         ? "Timing-only run: outputs were neither computed nor checked, so precision_pass is 0; times "
                           "and speedups are of samples that ran to their end (verdict `timed`).\n"
                         : "";
  note +=
      "Times in microseconds on the simulated NPU, of each row's fastest correct sample.\n"
      "eager_us: the task's Model as PyTorch eager would run it (each aten op: launch overhead + roofline time).\n";
  if (metrics.hasReferenceTime) note += "reference_us: the task's answer, simulated alike.\n";
  if (metrics.shapeMode == ShapeMode::Dynamic) note += "Dynamic rows: geometric means over the task's cases.\n";
  return note + "\n";
}

std::vector<std::string> SpeedupCells(const std::string& group, const SpeedupMetrics& speedup) {
  std::vector<std::string> cells = {group, std::to_string(speedup.problems), std::to_string(speedup.timedUnits),
                                    OptionalCell(speedup.geometricMean, 3)};
  for (double p : kFastPThresholds) cells.push_back(PercentString(speedup.fastP.at(p)));
  return cells;
}

std::string SpeedupTable(const Metrics& metrics, Baseline baseline) {
  TextTable table{{"group", "problems", "timed_correct_units", "geomean_speedup"}, {}};
  for (double p : kFastPThresholds) table.headers.push_back(FastPName(p));
  table.rows.push_back(SpeedupCells("overall", metrics.overall.speedups.at(baseline)));
  for (const auto& [level, group] : metrics.levels)
    table.rows.push_back(SpeedupCells("level" + std::to_string(level), group.speedups.at(baseline)));
  for (const auto& [category, group] : metrics.categories)
    table.rows.push_back(SpeedupCells(category, group.speedups.at(baseline)));
  const int untimed = metrics.overall.speedups.at(baseline).untimedProblems;
  std::string text = RenderGrid(table);
  if (untimed > 0)
    text += "Note: " + std::to_string(untimed) + " correct problems have no " + ToString(baseline) +
            " speedup and count as not fast\n";
  return text;
}

// fast_p as KernelBench and MultiKernelBench define it: over all problems, correct with speedup > p.
std::string SpeedupSection(const Metrics& metrics) {
  if (!metrics.hasSimulatedTime) return "";
  const char* problem = metrics.shapeMode == ShapeMode::Static ? "(task, case)" : "task";
  const char* counted = metrics.hasTimedOnly ? "correct or timed" : "correct";
  std::string text = "Speedup (simulated), geometric mean over " + std::string(counted) +
                     " units; fast_p = fraction of all problems (each " + std::string(problem) + ") whose best " +
                     counted + " sample has speedup > p:\n\n";
  text += "Against modelled PyTorch eager:\n\n" + SpeedupTable(metrics, Baseline::Eager) + "\n";
  if (metrics.hasReferenceTime)
    text += "Against the task's reference answer:\n\n" + SpeedupTable(metrics, Baseline::Reference) + "\n";
  return text;
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
      text.append(" ").append(ToString(verdict)).append(" ").append(std::to_string(found->second));
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

// The task's fault, so rerunning cannot help: the task's files must change.
std::string TaskErrorLines(const Metrics& metrics) {
  if (metrics.taskErrors.empty()) return "";
  std::string text = "Note: " + std::to_string(metrics.taskErrors.size()) +
                     " cases cannot be evaluated because the task's own code fails on them (task_error); they count "
                     "for and against no sample:\n";
  for (const std::string& line : metrics.taskErrors) text += "  " + line + "\n";
  return text + "\n";
}

// As the paper's Figure 6: what the failed units failed on first, compile errors by class.
std::string FailureTaxonomyTable(const Metrics& metrics) {
  if (metrics.failureClasses.empty()) return "";
  int failed = 0;
  for (const auto& [failure, count] : metrics.failureClasses) failed += count;
  TextTable table{{"failure", "units", "share"}, {}};
  for (const auto& [failure, count] : metrics.failureClasses)
    table.rows.push_back({failure, std::to_string(count), PercentString(static_cast<double>(count) / failed)});
  return "Failure taxonomy over " + std::to_string(failed) +
         " failed units (each by its first failure; compile errors in the AscendKernelGen paper's classes):\n\n" +
         RenderGrid(table) + "\n";
}

// Samples that pass what the task lists but not cases drawn like them: they do not generalise, or
// they hard-code the listed cases.
std::string ExtraCaseLines(const Metrics& metrics) {
  if (metrics.extraCaseRecords == 0) return "";
  std::string text = "Extra cases: " + std::to_string(metrics.extraCaseRecords) + " records; " +
                     std::to_string(metrics.failsOnlyExtraCases.size()) +
                     " units pass every listed case but fail an extra case (counted incorrect)" +
                     (metrics.failsOnlyExtraCases.empty() ? ".\n" : ":\n");
  for (const std::string& line : metrics.failsOnlyExtraCases) text += "  " + line + "\n";
  return text + "\n";
}

}  // namespace

std::string PercentString(double fraction) { return RoundedString(fraction * 100, 2) + "%"; }

std::string ConsoleReport(const Metrics& metrics) {
  std::string text =
      "Detailed Statistics by Operator Level (" + std::string(ToString(metrics.shapeMode)) + " shape mode):\n\n";
  for (const auto& [level, group] : metrics.levels) {
    text += "[Statistics for Level " + std::to_string(level) + "]\n\n" + LevelTable(metrics, level) + "\n";
  }
  text += TimingNote(metrics);
  text += "Overall Statistics Summary:\n\n" + LevelSummaryTable(metrics) + "\n";
  text += "Statistics by Category:\n\n" + CategoryTable(metrics) + "\n";
  text += SpeedupSection(metrics);
  return text + OutcomeSections(metrics) + ScoreLines(metrics);
}

std::string OutcomeSections(const Metrics& metrics) {
  return PassAtKLines(metrics) + "\n" + VerdictLine(metrics) + "\n" + FailureTaxonomyTable(metrics) +
         TaskErrorLines(metrics) + ExtraCaseLines(metrics) + IncompleteLine(metrics);
}

}  // namespace akgen::bench
