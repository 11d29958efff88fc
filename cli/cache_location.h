// Where golden outputs and builds are cached between evaluations when `--cache` is not given.
#pragma once
#include <filesystem>
#include <string>

namespace akgen {

// $XDG_CACHE_HOME/akgen, else /var/tmp/akgen-cache-<uid>.
std::filesystem::path DefaultCacheDir();

// The folder a `--cache` option names, or DefaultCacheDir() when it is empty.
std::filesystem::path CacheDirOption(const std::string& option);

}  // namespace akgen
