// Where golden outputs and builds are cached between evaluations when `--cache` is not given.
#pragma once
#include <filesystem>

namespace akgen {

// $XDG_CACHE_HOME/akgen, else /var/tmp/akgen-cache-<uid>.
std::filesystem::path DefaultCacheDir();

}  // namespace akgen
