#include "bench/common/empty_folders.h"

#include <system_error>
#include <vector>

namespace akgen::bench {

namespace fs = std::filesystem;

namespace {

// True when `folder` is empty once its empty subfolders are removed.
bool PruneBelow(const fs::path& folder) {
  std::error_code error;
  std::vector<fs::path> entries;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
    entries.push_back(it->path());
  if (error) return false;
  bool empty = true;
  for (const fs::path& entry : entries) {
    if (fs::is_directory(fs::symlink_status(entry, error)) && PruneBelow(entry) && fs::remove(entry, error)) continue;
    empty = false;
  }
  return empty;
}

}  // namespace

void RemoveEmptyFolders(const fs::path& root, bool includingRoot) {
  std::error_code error;
  if (!fs::is_directory(fs::symlink_status(root, error))) return;
  if (PruneBelow(root) && includingRoot) fs::remove(root, error);
}

}  // namespace akgen::bench
