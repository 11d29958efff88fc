// `akgen report OUT`: the metrics and console report of a results directory, read-only apart from
// rewriting OUT/summary.json.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bench/metrics/metrics.h"
#include "bench/task/shape_mode.h"

namespace akgen::bench {

struct ResultsReport {
  Metrics metrics;
  std::string text;                   // ConsoleReport(metrics)
  std::vector<std::string> warnings;  // an unfinished last record, mixed shape modes
};

// Judges the records in `mode`, by default the mode they were produced in (with records from both
// modes, the last record's, and a warning). Throws ResultsFileError when OUT has no results or they
// are damaged.
ResultsReport ReportResults(const std::filesystem::path& outDir, std::optional<ShapeMode> mode = std::nullopt);

}  // namespace akgen::bench
