// How much a cache folder holds, and pruning it to a size by evicting the least recently used
// entries (docs/harness-design.md "The cache and its size"). Entries are the folders of
// CACHE/build (candidate, host and binding builds), CACHE/golden (a case's golden outputs) and
// CACHE/candidates (candidates copied by their content, EvalOptions::stageEveryCandidate); a
// use marks an entry (UseCacheEntry), and an entry used since the oldest live CacheUser started is
// never evicted, as an evaluation may be reading it. The oracle's compiled task bindings
// (CACHE/golden/pybind-modules, about 10 MB a task) are measured but not evicted.
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "bench/cache/cache_users.h"

namespace akgen::bench {

// The default bound of --cache-size: a quarter of a 64 GB disk.
constexpr uintmax_t kDefaultCacheBytes = uintmax_t{16} << 30;

struct CacheKindUsage {
  std::string kind;  // build, golden, candidates, reference-timing, staged
  uintmax_t bytes = 0;
  size_t entries = 0;
};

// Per kind, what the cache holds (the folders that pruning counts, and the small ones it leaves).
std::vector<CacheKindUsage> MeasureCache(const std::filesystem::path& cacheDir);

struct PruneOutcome {
  uintmax_t bytesBefore = 0;  // in the pruned kinds
  uintmax_t bytesAfter = 0;
  size_t removed = 0;           // entries evicted
  size_t abandoned = 0;         // staging folders of runs that died, removed too
  uintmax_t bytesInUse = 0;     // over the limit but used since the oldest live user started
  uintmax_t bindingBytes = 0;   // the oracle's compiled task bindings: counted, never evicted
};

// Evicts least recently used entries of CACHE/build, CACHE/golden and CACHE/candidates until they hold at most
// `limitBytes`, skipping those that may be in use, and removes dead runs' staging folders. A user
// whose work is over (`finished`, an evaluation at its end) protects nothing.
PruneOutcome PruneCache(const std::filesystem::path& cacheDir, uintmax_t limitBytes, const CacheUser* finished = nullptr);

}  // namespace akgen::bench
