#include "craft/tune/tune_table.h"

#include "bench/metrics/geometric_mean.h"
#include "bench/report/decimals.h"
#include "bench/report/text_table.h"

namespace akgen::craft {
namespace {

std::string Speedup(double ratio) { return bench::Decimals(ratio, 4); }

// `[8, 1024] float16`: the case's columns other than its id.
std::string CaseText(const bench::Task& task, int caseId) {
  std::string text;
  const bench::TestCase* testCase = task.FindCase(caseId);
  if (!testCase) return text;
  for (const std::string& column : task.caseColumns) {
    if (column == "case_id") continue;
    text += (text.empty() ? "" : " ") + testCase->values.at(column);
  }
  return text;
}

std::string KnobGrid(const TuneResult& result) {
  bench::TextTable table{{"knob", "line", "program", "tuned"}, {}};
  for (size_t i = 0; i < result.knobs.size(); ++i) {
    const Knob& knob = result.knobs[i];
    table.rows.push_back({knob.label, std::to_string(knob.at.line),
                          KnobValueText(knob, knob.values[result.program->setting[i]]),
                          KnobValueText(knob, knob.values[result.best->setting[i]])});
  }
  return bench::RenderGrid(table);
}

std::string TimeGrid(const TuneResult& result, const bench::Task& task) {
  bench::TextTable table{{"case", "inputs", "program us", "tuned us", "answer us"}, {}};
  bench::GeometricMean answer;
  for (const auto& [caseId, time] : result.program->cases) {
    const CaseTime& tuned = result.best->cases.at(caseId);
    if (time.answerUs) answer.Add(*time.answerUs);
    table.rows.push_back({std::to_string(caseId), CaseText(task, caseId), MicrosecondsText(time.simulatedUs),
                          MicrosecondsText(tuned.simulatedUs), time.answerUs ? MicrosecondsText(*time.answerUs) : ""});
  }
  const bool allAnswers = answer.Count() == static_cast<int>(result.program->cases.size());
  table.rows.push_back({"geomean", "", MicrosecondsText(result.program->geomeanUs),
                        MicrosecondsText(result.best->geomeanUs), allAnswers ? MicrosecondsText(*answer.Value()) : ""});
  return bench::RenderGrid(table);
}

}  // namespace

std::string TuneTable(const TuneResult& result, const bench::Task& task) {
  std::string text = KnobGrid(result) + TimeGrid(result, task);
  text += "speedup " + Speedup(result.program->geomeanUs / result.best->geomeanUs) +
          "x over the program's own values (" + std::to_string(result.evaluated) + " programs evaluated, " +
          std::to_string(result.rejected) + " candidates rejected";
  text += result.budgetSpent ? "; the search stopped at --max-candidates)\n" : "; no single step gains more)\n";
  return text;
}

}  // namespace akgen::craft
