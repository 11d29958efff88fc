#include "bench/builder/build_cache.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <system_error>

#include "bench/builder/compiler_process.h"
#include "bench/cache/cache_entry.h"
#include "bench/common/content_hash.h"
#include "bench/common/environment_fault.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

constexpr const char* kBuildRecord = "build.json";  // {ok, log}: written last, so its presence means done

// A compiler or linker that failed for want of disk space failed for the machine, not the candidate:
// the log says so and the disk is indeed nearly full (a kernel's own `#error No space left on
// device` must not stop an evaluation).
bool RanOutOfDisk(const std::string& log, const fs::path& directory) {
  constexpr uintmax_t kNearlyFullBytes = uintmax_t{1} << 30;
  if (log.find("No space left on device") == std::string::npos && log.find("Disk quota exceeded") == std::string::npos)
    return false;
  std::error_code error;
  const fs::space_info space = fs::space(directory, error);
  return !error && space.available < kNearlyFullBytes;
}

// Jobs of one evaluation that need the same build at once (the cases of one dtype combination, run
// side by side) wait for the one making it instead of each making it too.
std::mutex& BuildingMutex(const fs::path& entry) {
  static std::mutex guard;
  static std::map<std::string, std::unique_ptr<std::mutex>> mutexes;
  const std::lock_guard lock(guard);
  std::unique_ptr<std::mutex>& mutex = mutexes[entry.string()];
  if (!mutex) mutex = std::make_unique<std::mutex>();
  return *mutex;
}

}  // namespace

StepResult RunCommands(const std::vector<std::vector<std::string>>& commands, const fs::path& directory,
                       const std::vector<fs::path>& readablePaths) {
  // A source folder the sandbox user cannot read throws SandboxUnreachable: the machine's fault, not
  // the candidate's, so it stops the evaluation instead of becoming a compile_error.
  for (const std::vector<std::string>& command : commands) {
    const CompilerRun run = RunCandidateCompiler(command, directory, readablePaths);
    if (!run.ok) return {false, run.log};
  }
  return {};
}

BuildOutcome CachedBuild(const fs::path& cacheDir, const std::string& key, const std::string& programName,
                         const std::function<StepResult(const fs::path&)>& build) {
  static std::atomic<unsigned> stagingCounter{0};
  BuildOutcome outcome;
  outcome.directory = cacheDir / key;
  outcome.program = outcome.directory / programName;
  std::unique_lock building(BuildingMutex(outcome.directory));
  if (!UseCacheEntry(outcome.directory, kBuildRecord)) {
    const fs::path staging =
        cacheDir / (".staging-" + key + "-" + std::to_string(getpid()) + "-" + std::to_string(stagingCounter++));
    fs::create_directories(staging);
    const StepResult result = build(staging);
    if (!result.ok && RanOutOfDisk(result.log, staging)) {
      fs::remove_all(staging);
      ThrowIfMachineFault(std::system_error(ENOSPC, std::generic_category(), "the compiler or linker"),
                          "building " + key);
    }
    const std::string record = nlohmann::json{{"ok", result.ok}, {"log", result.log}}.dump(2);
    WriteFileBytes(staging / kBuildRecord, record.data(), record.size());
    std::error_code error;
    fs::rename(staging, outcome.directory, error);
    if (error) fs::remove_all(staging);
  } else {
    outcome.cacheHit = true;
  }
  building.unlock();
  std::ifstream in(outcome.directory / kBuildRecord);
  const nlohmann::json record = nlohmann::json::parse(in);
  outcome.ok = record.at("ok");
  outcome.log = record.at("log");
  return outcome;
}


}  // namespace akgen::bench
