// Where a case's golden outputs are cached: one folder per key, published by an atomic rename so a
// killed or concurrent run never leaves a half-written folder that looks complete.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

#include "bench/oracle/oracle.h"

namespace akgen::bench {

// A hash of everything the golden outputs depend on: the validation folder's path and files (or
// the MultiKernelBench task file, its cases and the element bound), the oracle's own python sources
// but its fork server, the case row, the seed, and whether the case is timing-only.
std::string GoldenCacheKey(const OracleRequest& request, const std::filesystem::path& packageDir);

class GoldenCache {
 public:
  GoldenCache(std::filesystem::path cacheDir, std::string key);

  // The finished folder, if an earlier run produced it (marked used now, for pruning).
  std::optional<std::filesystem::path> Find() const;
  // A fresh private folder to write into.
  std::filesystem::path StartEntry() const;
  // Moves a finished staging folder into place and returns the published folder.
  std::filesystem::path Publish(const std::filesystem::path& staging) const;

 private:
  std::filesystem::path finalDir_;
};

}  // namespace akgen::bench
