// `akgen data clean`: hygiene over a dataset folder's record files (dataset_files.h), rewritten in
// place; every record dropped is added to DIR/dropped.jsonl with its file, line and the reason. In
// order:
//  - length: a target (answer, fix, chosen response) shorter than the minimum, or a record longer
//    than the maximum;
//  - exact duplicates: the same text up to comments and layout (code_tokens.h);
//  - near duplicates among the chain-of-thought records: MinHash similarity of their whole text at
//    or above the threshold (minhash.h). Corrections and pairs are left to the exact rule: two
//    corrections of one kernel differ in a line and a diagnostic, which is all they teach;
//  - contamination: a record whose 13-grams lie in the benchmark's tasks at or above the share
//    (contamination.h) is dropped, or only flagged (`"hygiene": {"contamination": …}`).
// Cleaning a clean folder changes nothing.
#pragma once
#include <cstddef>
#include <filesystem>
#include <map>
#include <string>

#include "data/hygiene/contamination.h"

namespace akgen::data {

struct CleaningOptions {
  size_t minTargetChars = 16;
  size_t maxChars = 400'000;
  double nearDuplicate = 0.9;
  double contamination = 0.2;
  bool flagOnly = false;  // keep contaminated records, flagged
};

struct CleaningReport {
  std::map<std::string, size_t> kept;     // by file name
  std::map<std::string, size_t> reasons;  // dropped, by kind of reason
  size_t flagged = 0;
};

// `benchmark` may be null: no decontamination. Throws std::runtime_error naming a broken file.
CleaningReport CleanDataset(const std::filesystem::path& dataDir, const BenchmarkNgrams* benchmark,
                            const CleaningOptions& options);

}  // namespace akgen::data
