#include "bench/fidelity/fidelity_comparison.h"

namespace akgen::bench {

FidelityComparison CompareWithBaseline(const FidelityBaseline& baseline, const RunVerdicts& run) {
  FidelityComparison comparison;
  for (const auto& [key, judged] : run.entries) {
    const auto found = baseline.verdicts.find(key);
    const std::optional<Verdict> before =
        found == baseline.verdicts.end() ? std::nullopt : std::optional<Verdict>(found->second);
    const VerdictChange change{key, before, judged.verdict, judged.diagnostic};
    if (before == judged.verdict) {
      ++comparison.unchanged;
    } else if (before == Verdict::Pass) {
      comparison.regressions.push_back(change);
    } else if (judged.verdict == Verdict::Pass) {
      comparison.newPasses.push_back(change);
    } else {
      comparison.changed.push_back(change);
    }
  }
  for (const auto& [key, verdict] : baseline.verdicts)
    if (!run.entries.contains(key)) ++comparison.notRun;
  return comparison;
}

}  // namespace akgen::bench
