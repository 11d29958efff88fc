#include "bench/sandbox/staged_copy.h"

#include <unistd.h>

#include "bench/cache/cache_entry.h"
#include "bench/common/content_hash.h"
#include "bench/sandbox/sandbox.h"
#include "bench/task/directory_listing.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

// Directories searchable and files readable by everyone: the copy is for the sandbox users.
void OpenToAll(const fs::path& directory) {
  constexpr fs::perms kReadAll = fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read;
  constexpr fs::perms kSearchAll = fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec;
  fs::permissions(directory, kReadAll | kSearchAll, fs::perm_options::add);
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(directory)) {
    if (entry.is_symlink()) continue;
    fs::permissions(entry.path(), entry.is_directory() ? kReadAll | kSearchAll : kReadAll, fs::perm_options::add);
  }
}

std::string ContentKey(const fs::path& path, const std::string& name) {
  ContentHash hash;
  hash.Add("akgen-staged-copy-v1").Add(name);
  if (!fs::is_directory(path)) return hash.AddFile(path).Hex();
  for (const fs::path& file : FilesBelow(path)) hash.Add(fs::relative(file, path).string()).AddFile(file);
  return hash.Hex();
}

}  // namespace

bool ReachableBy(const fs::path& path, uid_t uid) {
  if (SandboxReachProblem(path, uid, true)) return false;
  if (!fs::is_directory(path)) return true;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(path, error))
    if (SandboxReachProblem(entry.path(), uid, true)) return false;
  return !error;
}

fs::path StagedCopy(const fs::path& path, const fs::path& root, const std::string& name) {
  const std::string copyName = name.empty() ? path.filename().string() : name;
  const std::string key = ContentKey(path, copyName);
  const fs::path copy = root / key / copyName;
  // A copy is a cache entry (bench/cache/cache_entry.h): using it marks it, so pruning spares it.
  if (UseCacheEntry(root / key, copyName)) return copy;
  // Copied beside its final place and renamed, so an interrupted copy is never taken for a whole one.
  const fs::path partial = root / (key + ".partial-" + std::to_string(getpid()));
  fs::remove_all(partial);
  fs::create_directories(partial);
  fs::copy(path, partial / copyName, fs::copy_options::recursive);
  OpenToAll(partial);
  std::error_code error;
  fs::rename(partial, root / key, error);
  if (error) fs::remove_all(partial);  // another evaluation staged the same content meanwhile
  return copy;
}

}  // namespace akgen::bench
