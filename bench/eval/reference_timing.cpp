#include "bench/eval/reference_timing.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "bench/common/content_hash.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

// Everything the answer's simulated time depends on: its runner build (sources, prelude, compiler,
// simulator library and headers), the case's inputs (the golden folder is named by their key), the
// sync mode, and the simulator settings the sandbox passes on from the environment.
std::string CacheKey(const UnitSetup& setup, const PreparedUnit& prepared, const GoldenCase& golden) {
  ContentHash hash;
  hash.Add("akgen-reference-timing-v1").Add(prepared.runner.directory.filename().string());
  hash.Add(golden.dir.filename().string()).Add(ToString(setup.syncMode));
  std::vector<std::string> settings;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    const std::string variable(*entry);
    for (const std::string& prefix : setup.sandbox.passedEnvironmentPrefixes)
      if (variable.starts_with(prefix)) settings.push_back(variable);
  }
  std::sort(settings.begin(), settings.end());
  for (const std::string& setting : settings) hash.Add(setting);
  return hash.Hex();
}

std::optional<ReferenceTiming> ReadCached(const fs::path& file) {
  std::ifstream in(file);
  if (!in) return std::nullopt;
  const nlohmann::json cached = nlohmann::json::parse(in, nullptr, false);
  if (cached.is_discarded() || !cached.contains("problem")) return std::nullopt;  // a torn write: time it again
  ReferenceTiming timing{std::nullopt, cached["problem"].get<std::string>(), true};
  if (cached.contains("microseconds")) timing.microseconds = cached["microseconds"].get<double>();
  return timing;
}

// The cache is an optimisation: a file that cannot be written is timed again next time.
void WriteCached(const fs::path& file, const ReferenceTiming& timing) {
  nlohmann::json cached = {{"problem", timing.problem}};
  if (timing.microseconds) cached["microseconds"] = *timing.microseconds;
  try {
    StoreJsonAtomically(file, cached);
  } catch (const std::exception&) {
  }
}

ReferenceTiming Untimed(std::string problem) { return {std::nullopt, std::move(problem), false}; }

ReferenceTiming FromRun(const UnitRun& run) {
  if (run.failure)
    return Untimed("the reference answer ends in " + std::string(ToString(*run.failure)) + ": " +
                   run.detail.substr(0, run.detail.find('\n')));
  if (!run.timing) return Untimed("the reference answer's run has no simulated time");
  return {run.timing->microseconds, "", false};
}

}  // namespace

std::mutex& ReferenceTimer::CaseLock(const fs::path& goldenDir) {
  std::lock_guard lock(locksMutex_);
  return caseLocks_[goldenDir];
}

ReferenceTiming ReferenceTimer::Time(const UnitSetup& setup, const Task& task, const GoldenCase& golden,
                                     const fs::path& workDir) {
  std::lock_guard caseLock(CaseLock(golden.dir));
  const Candidate answer = AnswerCandidate(task);
  if (!answer.problem.empty()) return Untimed(answer.problem);
  const PreparedUnit prepared = PrepareUnit(setup, task, answer, golden, workDir);
  if (prepared.failure) return FromRun(*prepared.failure);
  const fs::path file = cacheDir_ / (CacheKey(setup, prepared, golden) + ".json");
  if (std::optional<ReferenceTiming> cached = ReadCached(file)) return *cached;
  const UnitRun run = RunPrepared(setup, task, golden, prepared, workDir);
  const ReferenceTiming timing = FromRun(run);
  if (run.failure != Verdict::Timeout) {  // a timeout may be the machine's load: try again next time
    fs::create_directories(cacheDir_);
    WriteCached(file, timing);
  }
  fs::remove_all(workDir);
  return timing;
}

}  // namespace akgen::bench
