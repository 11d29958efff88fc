#include "bench/fidelity/baseline_update.h"

namespace akgen::bench {

FidelityBaseline UpdatedBaseline(FidelityBaseline baseline, const RunVerdicts& run,
                                 const std::optional<std::string>& source) {
  for (const auto& [key, judged] : run.entries) baseline.verdicts[key] = judged.verdict;
  if (source) baseline.source = *source;
  return baseline;
}

}  // namespace akgen::bench
