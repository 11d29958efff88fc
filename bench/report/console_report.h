// The console report: NPUKernelBench's statistics (a grid per level with one row per (task, case),
// the per-level rates and the weighted score line), followed by what NPUKernelBench lacks:
// per-category rates, unbiased pass@k and the verdict classes. Results with simulated times add
// time and speedup columns to the grid and speedup tables (geometric mean, fast_p) per baseline.
#pragma once
#include <string>

#include "bench/metrics/metrics.h"

namespace akgen::bench {

std::string ConsoleReport(const Metrics& metrics);

// What any benchmark's report ends with: unbiased pass@k, the verdict counts, the failure taxonomy,
// task errors, extra-case failures and incomplete samples.
std::string OutcomeSections(const Metrics& metrics);

// A fraction as NPUKernelBench prints it: `str(round(x * 100, 2)) + '%'` (`100.0%`, `33.33%`).
std::string PercentString(double fraction);

}  // namespace akgen::bench
