#include "cache_command.h"

#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "bench/cache/byte_count.h"
#include "bench/cache/cache_pruning.h"
#include "cache_location.h"

namespace akgen {
namespace {

// The cache folder the options name, or none (with a message) when it is no folder.
std::optional<std::filesystem::path> ExistingCache(const CacheCommandOptions& options, const std::string& command) {
  const std::filesystem::path cache = CacheDirOption(options.cacheDir);
  if (std::filesystem::is_directory(cache)) return cache;
  std::cerr << "akgen cache " << command << ": " << cache.string() << " is no folder; name the cache with --cache\n";
  return std::nullopt;
}

}  // namespace

int CacheUsage(const CacheCommandOptions& options) {
  const std::optional<std::filesystem::path> cache = ExistingCache(options, "du");
  if (!cache) return 2;
  uintmax_t total = 0;
  for (const bench::CacheKindUsage& kind : bench::MeasureCache(*cache)) {
    std::cout << kind.kind << ": " << bench::FormatByteCount(kind.bytes) << " in " << kind.entries << " entries\n";
    total += kind.bytes;
  }
  std::cout << "total: " << bench::FormatByteCount(total) << " in " << cache->string()
            << " (builds and golden outputs are bounded by --cache-size, default "
            << bench::FormatByteCount(bench::kDefaultCacheBytes) << ")\n";
  return 0;
}

int CachePrune(const CacheCommandOptions& options) {
  const std::optional<std::filesystem::path> cache = ExistingCache(options, "prune");
  if (!cache) return 2;
  uintmax_t limit = 0;
  try {
    limit = CacheSizeOption(options.cacheSize);
  } catch (const std::invalid_argument& error) {
    std::cerr << "akgen cache prune: " << error.what() << '\n';
    return 2;
  }
  const bench::PruneOutcome pruned = bench::PruneCache(*cache, limit);
  std::cout << "builds and golden outputs: " << bench::FormatByteCount(pruned.bytesBefore) << " -> "
            << bench::FormatByteCount(pruned.bytesAfter) << " (limit " << bench::FormatByteCount(limit) << "), "
            << pruned.removed << " least recently used entries evicted, " << pruned.abandoned
            << " folders of dead runs removed\n";
  if (pruned.bytesInUse > 0)
    std::cout << bench::FormatByteCount(pruned.bytesInUse)
              << " over the limit were kept: used since a running evaluation started; prune again once it ends\n";
  if (pruned.bytesAfter > limit && pruned.bindingBytes > 0)
    std::cout << bench::FormatByteCount(pruned.bindingBytes)
              << " are the oracle's compiled task bindings, which are never evicted\n";
  return 0;
}

}  // namespace akgen
