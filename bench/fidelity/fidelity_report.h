// What `akgen fidelity` prints: one line per new pass, changed verdict and regression (regressions
// last, nearest the summary, so a long list of new passes cannot scroll them away), then the counts;
// the summary line `N regressions, M new passes` follows them, last, for scripts to read.
#pragma once
#include <string>

#include "bench/fidelity/fidelity_comparison.h"

namespace akgen::bench {

// `regression  static level2/Norm/RmsNorm case 0  pass -> sim_error  ub-overflow: ...`; a case the
// baseline lacks shows `(none)` as its verdict there.
std::string ChangeLine(const char* label, const VerdictChange& change);

// Exactly `N regressions, M new passes`, without a newline.
std::string FidelitySummaryLine(const FidelityComparison& comparison);

// Every line before the summary, each ending in a newline: the changes, then the counts.
std::string FidelityReportText(const FidelityComparison& comparison);

}  // namespace akgen::bench
