// `OUT/results.jsonl` during a run. Each record is appended and flushed the moment it is known
// (open, append, flush, close), so a killed run keeps everything it finished; reopening the store
// loads those records so the rerun skips them.
#pragma once
#include <filesystem>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "bench/results/result_record.h"

namespace akgen::bench {

class ResultsStore {
 public:
  // Creates `outDir` if needed and loads its results. An unfinished last line left by a killed run
  // is cut from the file (with a warning) so new records start on a line of their own. Throws
  // ResultsFileError for a damaged file.
  explicit ResultsStore(const std::filesystem::path& outDir);

  const std::filesystem::path& File() const { return file_; }
  const std::vector<std::string>& Warnings() const { return warnings_; }

  bool IsDone(const RecordKey& key) const;
  std::vector<ResultRecord> Records() const;  // loaded and appended, one per key

  // Safe to call from several threads. Throws std::runtime_error when the file cannot be written.
  void Append(const ResultRecord& record);

 private:
  std::filesystem::path file_;
  std::vector<std::string> warnings_;
  mutable std::mutex mutex_;
  std::vector<ResultRecord> records_;
  std::set<RecordKey> done_;
  bool needsNewline_ = false;
};

}  // namespace akgen::bench
