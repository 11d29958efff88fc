#include "cache_location.h"

#include <unistd.h>

#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>

#include "bench/cache/byte_count.h"
#include "bench/cache/cache_pruning.h"

namespace akgen {

// Sandboxed programs are bound from the build cache, so every directory above it must be
// searchable by the sandbox user; a home directory often is not, /var/tmp is.
std::filesystem::path DefaultCacheDir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "akgen";
  return std::filesystem::path("/var/tmp") / ("akgen-cache-" + std::to_string(getuid()));
}

std::filesystem::path CacheDirOption(const std::string& option) {
  return option.empty() ? DefaultCacheDir() : std::filesystem::path(option);
}

uintmax_t CacheSizeOption(const std::string& option) {
  if (option.empty()) return bench::kDefaultCacheBytes;
  const std::optional<uintmax_t> bytes = bench::ParseByteCount(option);
  if (!bytes)
    throw std::invalid_argument("--cache-size " + option + ": give a size such as 16G, 500M or 2T (powers of 1024)");
  return *bytes;
}

const char* const kCacheSizeHelp =
    "the most the cache's builds and golden outputs may hold (16G, 500M, 2T; default 16G): the least recently "
    "used entries beyond it are evicted, never one a running evaluation may use";

}  // namespace akgen
