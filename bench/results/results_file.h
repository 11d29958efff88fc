// Reading `OUT/results.jsonl`. Records are appended one line at a time, so a killed run can leave
// at most its last line unfinished; that line is skipped with a warning. A broken line anywhere
// else means the file was edited or damaged, and reading stops with an error naming the line.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/results/result_record.h"

namespace akgen::bench {

inline constexpr const char* kResultsFileName = "results.jsonl";

struct ResultsFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct LoadedResults {
  std::vector<ResultRecord> records;  // one per key, the last written wins, in order of first appearance
  std::vector<std::string> warnings;
  std::optional<std::uintmax_t> unfinishedLineOffset;  // where a skipped unfinished last line starts
  bool endsWithoutNewline = false;                     // the last (valid) line has no '\n'
};

// A missing file reads as no records. Throws ResultsFileError for a broken line that is not last.
LoadedResults LoadResults(const std::filesystem::path& file);

}  // namespace akgen::bench
