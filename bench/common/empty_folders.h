// Pruning a tree of work folders down to what holds files.
#pragma once
#include <filesystem>

namespace akgen::bench {

// Removes every folder below `root` that holds no file (after its empty subfolders are gone), and
// `root` itself too when `includingRoot` and it ends up empty. Folders that cannot be read or
// removed are left as they are.
void RemoveEmptyFolders(const std::filesystem::path& root, bool includingRoot);

}  // namespace akgen::bench
