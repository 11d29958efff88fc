#include "cache_location.h"

#include <unistd.h>

#include <cstdlib>
#include <string>

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

}  // namespace akgen
