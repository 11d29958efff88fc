// Task folders and samples are read by listing what is on disk, never by guessing names.
#pragma once
#include <filesystem>
#include <vector>

namespace akgen::bench {

// Every regular file below `directory` (recursively), sorted; empty when it is not a directory.
std::vector<std::filesystem::path> FilesBelow(const std::filesystem::path& directory);

// The direct subfolders (or, with `wantDirectories` false, the files) of `directory`, sorted.
std::vector<std::filesystem::path> SortedEntries(const std::filesystem::path& directory, bool wantDirectories);

}  // namespace akgen::bench
