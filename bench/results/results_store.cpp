#include "bench/results/results_store.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "bench/results/results_file.h"

namespace akgen::bench {
namespace fs = std::filesystem;

ResultsStore::ResultsStore(const fs::path& outDir) : file_(outDir / kResultsFileName) {
  fs::create_directories(outDir);
  LoadedResults loaded = LoadResults(file_);
  if (loaded.unfinishedLineOffset) fs::resize_file(file_, *loaded.unfinishedLineOffset);
  warnings_ = std::move(loaded.warnings);
  records_ = std::move(loaded.records);
  for (const ResultRecord& record : records_) done_.insert(record.Key());
  needsNewline_ = loaded.endsWithoutNewline;
}

bool ResultsStore::IsDone(const RecordKey& key) const {
  std::lock_guard lock(mutex_);
  return done_.count(key) != 0;
}

std::vector<ResultRecord> ResultsStore::Records() const {
  std::lock_guard lock(mutex_);
  return records_;
}

void ResultsStore::Append(const ResultRecord& record) {
  const std::string line = ToJson(record).dump() + "\n";
  std::lock_guard lock(mutex_);
  std::ofstream stream(file_, std::ios::app | std::ios::binary);
  if (needsNewline_) stream << '\n';
  stream << line;
  stream.flush();
  if (!stream) {
    throw std::runtime_error(file_.string() + ": cannot append a result (" + std::strerror(errno) +
                             "); check the disk space and the permissions of the output directory");
  }
  needsNewline_ = false;
  if (done_.insert(record.Key()).second) {
    records_.push_back(record);
  } else {
    for (ResultRecord& existing : records_) {
      if (existing.Key() == record.Key()) existing = record;
    }
  }
}

}  // namespace akgen::bench
