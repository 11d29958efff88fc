// `akgen fidelity --update`: the baseline after a checked run. The run's verdicts replace the
// baseline's or add to them; entries the run did not judge stay as they were, so updating from a
// subset run never forgets the rest.
#pragma once
#include <optional>
#include <string>

#include "bench/fidelity/fidelity_baseline.h"
#include "bench/fidelity/run_verdicts.h"

namespace akgen::bench {

// `source` replaces the baseline's description of its task tree when given.
FidelityBaseline UpdatedBaseline(FidelityBaseline baseline, const RunVerdicts& run,
                                 const std::optional<std::string>& source = std::nullopt);

}  // namespace akgen::bench
