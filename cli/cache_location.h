// Where golden outputs and builds are cached between evaluations when `--cache` is not given.
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>

namespace akgen {

// $XDG_CACHE_HOME/akgen, else /var/tmp/akgen-cache-<uid>.
std::filesystem::path DefaultCacheDir();

// The folder a `--cache` option names, or DefaultCacheDir() when it is empty.
std::filesystem::path CacheDirOption(const std::string& option);

// The bound a `--cache-size` option gives (`16G`, `500M`), bench::kDefaultCacheBytes when it is
// empty; throws std::invalid_argument naming the option and its form otherwise.
uintmax_t CacheSizeOption(const std::string& option);

// What --cache-size means, for the commands that take it.
extern const char* const kCacheSizeHelp;

}  // namespace akgen
