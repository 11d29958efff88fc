#include "bench/fidelity/fidelity_report.h"

namespace akgen::bench {
namespace {

std::string Counted(size_t count, const char* one, const char* many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

}  // namespace

std::string ChangeLine(const char* label, const VerdictChange& change) {
  std::string line = std::string(label) + "  " + Describe(change.key) + "  " +
                     (change.baseline ? ToString(*change.baseline) : "(none)") + " -> " + ToString(change.run);
  if (!change.diagnostic.empty()) line += "  " + change.diagnostic;
  return line;
}

std::string FidelitySummaryLine(const FidelityComparison& comparison) {
  return std::to_string(comparison.regressions.size()) + " regressions, " +
         std::to_string(comparison.newPasses.size()) + " new passes";
}

std::string FidelityReportText(const FidelityComparison& comparison) {
  std::string text;
  for (const VerdictChange& change : comparison.newPasses) text += ChangeLine("new pass  ", change) + "\n";
  for (const VerdictChange& change : comparison.changed) text += ChangeLine("changed   ", change) + "\n";
  for (const VerdictChange& change : comparison.regressions) text += ChangeLine("regression", change) + "\n";
  const size_t judged =
      comparison.unchanged + comparison.regressions.size() + comparison.newPasses.size() + comparison.changed.size();
  text += Counted(judged, "case", "cases") + " judged: " + std::to_string(comparison.unchanged) +
          " as in the baseline, " + std::to_string(comparison.changed.size()) + " changed without passing\n";
  if (comparison.notRun > 0)
    text += Counted(comparison.notRun, "baseline entry", "baseline entries") +
            " not run (not selected, or not judged: look for `problem:` lines in the evaluation's output)\n";
  return text;
}

}  // namespace akgen::bench
