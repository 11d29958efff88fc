// `akgen report OUT`: the metrics and console report of a results directory, read-only apart from
// rewriting OUT/summary.json.
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench/metrics/metrics.h"
#include "bench/results/result_record.h"
#include "bench/task/shape_mode.h"

namespace akgen::bench {

struct ResultsReport {
  Metrics metrics;
  std::string text;                   // ConsoleReport(metrics)
  nlohmann::json summary;             // what summary.json holds
  std::vector<ResultRecord> records;  // the records judged
  std::vector<std::string> warnings;  // an unfinished last record, mixed shape modes, missing shards
};

// Judges the records in `mode`, by default the mode they were produced in (with records from both
// modes, the last record's, and a warning). Throws ResultsFileError when OUT has no results or they
// are damaged.
ResultsReport ReportResults(const std::filesystem::path& outDir, std::optional<ShapeMode> mode = std::nullopt);

// The report of several results folders, the parts of one sharded run (`akgen eval --shard I/N`),
// as one: refused (ResultsFileError) when their run.json settings differ or a record is in two of
// them; missing shards are a warning. No summary.json is written: `summary` holds it.
ResultsReport ReportResults(const std::vector<std::filesystem::path>& outDirs, std::optional<ShapeMode> mode);

}  // namespace akgen::bench
