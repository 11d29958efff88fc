// `OUT/summary.json`: the Metrics as JSON, for tools and later comparisons. Rates are fractions in
// [0, 1]; pass@k keys are the k values as strings. Each group has `speedup.eager` and
// `speedup.reference` (geometric mean over correct units, fast_p over all problems); each problem
// with a correct, timed sample has the times (µs) and speedups of its fastest one.
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>

#include "bench/metrics/metrics.h"

namespace akgen::bench {

inline constexpr const char* kSummaryFileName = "summary.json";

nlohmann::json SummaryJson(const Metrics& metrics);

// Writes `outDir/summary.json` whole (to a temporary file renamed into place, so a reader never
// sees half a summary), with `extra`'s keys added (a benchmark's own tables). Throws
// std::runtime_error when it cannot.
void WriteSummary(const std::filesystem::path& outDir, const Metrics& metrics,
                  const nlohmann::json& extra = nlohmann::json::object());

}  // namespace akgen::bench
