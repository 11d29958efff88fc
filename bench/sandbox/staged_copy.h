// Copies of files the sandbox users must read but cannot reach. As root the harness compiles and runs
// candidates as unprivileged users, who cannot walk into a private (0700) directory such as /root, a
// home directory or a `mktemp -d` folder. A copy is named by its content under a root they can reach,
// so repeated evaluations reuse it, and the builds keyed by its path too.
#pragma once
#include <sys/types.h>

#include <filesystem>

namespace akgen::bench {

// Whether `path` (a file, or a folder with everything below it) is reachable and readable by `uid`.
bool ReachableBy(const std::filesystem::path& path, uid_t uid);

// `root/<content hash>/<name>`: a copy of the file or folder `path` named `name` (default: its own
// name, which the hash covers too), readable by everyone. Using a copy marks it (UseCacheEntry), so
// where `root` is a pruned cache kind (CACHE/candidates) an unused copy may be evicted, and is made
// again when needed.
std::filesystem::path StagedCopy(const std::filesystem::path& path, const std::filesystem::path& root,
                                 const std::string& name = "");

}  // namespace akgen::bench
