// The build cache every builder shares: a build lives in `cacheDir/key`, named by a hash of all it
// depends on, is made in a private staging folder by sandboxed compiler runs and published by an
// atomic rename. Failed builds are cached too (their log is the record's), so a rebuild of the same
// sources is always a cache hit.
#pragma once
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "bench/builder/candidate_build.h"

namespace akgen::bench {

struct StepResult {
  bool ok = true;
  std::string log;
};

// Runs each command in order, sandboxed in `directory` (RunCandidateCompiler), until one fails.
StepResult RunCommands(const std::vector<std::vector<std::string>>& commands, const std::filesystem::path& directory,
                       const std::vector<std::filesystem::path>& readablePaths);

// The cache folder `cacheDir/key`: reused when a finished build is there, else built by `build`
// in a private staging folder and published by renaming it. A concurrent build of the same key
// that publishes first wins; this one's staging folder is dropped. A build that failed for want of
// disk space throws EnvironmentFault instead of being cached.
BuildOutcome CachedBuild(const std::filesystem::path& cacheDir, const std::string& key, const std::string& programName,
                         const std::function<StepResult(const std::filesystem::path&)>& build);

}  // namespace akgen::bench
