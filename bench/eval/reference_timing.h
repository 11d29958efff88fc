// The reference baseline of a sample's speedup: the task's answer/0 run on the same case under the
// same cost model and sync mode. It is timed once per (answer build, case, simulator settings) and
// its outcome is cached in a file under the cache directory, so a resumed or repeated evaluation,
// and every other sample of the task, reuses it. The answer's outputs are not compared: it is the
// reference, and only its time is wanted.
#pragma once
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "bench/runner/run_unit.h"

namespace akgen::bench {

struct ReferenceTiming {
  std::optional<double> microseconds;
  std::string problem;  // why there is no time: the answer is missing, does not build or fails to run
  bool fromCache = false;
};

class ReferenceTimer {
 public:
  explicit ReferenceTimer(std::filesystem::path cacheDir) : cacheDir_(std::move(cacheDir)) {}

  // Safe to call from several threads; a second caller for the same case waits for the first one's
  // time. `workDir` is used (and emptied) only when the answer must run.
  ReferenceTiming Time(const UnitSetup& setup, const Task& task, const GoldenCase& golden,
                       const std::filesystem::path& workDir);

 private:
  std::mutex& CaseLock(const std::filesystem::path& goldenDir);

  std::filesystem::path cacheDir_;
  std::mutex locksMutex_;
  std::map<std::filesystem::path, std::mutex> caseLocks_;
};

}  // namespace akgen::bench
