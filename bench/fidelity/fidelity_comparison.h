// A run's verdicts against the baseline's. Only a case the baseline has as `pass` can regress: the
// baseline records what the simulator got right, and losing any of it (to a wrong answer, a
// simulator error, a build that now fails) is what the check exists to catch. A case the run did not
// judge is no regression, so a subset of the tasks or one shape mode can be checked on its own.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "bench/fidelity/fidelity_baseline.h"
#include "bench/fidelity/run_verdicts.h"

namespace akgen::bench {

struct VerdictChange {
  FidelityKey key;
  std::optional<Verdict> baseline;  // nullopt: the baseline has no entry for the case
  Verdict run = Verdict::ParseError;
  std::string diagnostic;  // the run record's FirstDiagnosticLine
};

struct FidelityComparison {
  std::vector<VerdictChange> regressions;  // baseline pass, run anything else
  std::vector<VerdictChange> newPasses;    // baseline not pass or no entry, run pass
  std::vector<VerdictChange> changed;      // neither passes and the verdict differs, or a new non-passing case
  size_t unchanged = 0;
  size_t notRun = 0;  // baseline entries the run did not judge
};

// Each list in key order (mode, task, case).
FidelityComparison CompareWithBaseline(const FidelityBaseline& baseline, const RunVerdicts& run);

}  // namespace akgen::bench
