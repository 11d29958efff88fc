#include "bench/task/directory_listing.h"

#include <algorithm>

namespace akgen::bench {
namespace fs = std::filesystem;

std::vector<fs::path> FilesBelow(const fs::path& directory) {
  std::vector<fs::path> files;
  std::error_code error;
  if (!fs::is_directory(directory, error)) return files;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(directory, error)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<fs::path> SortedEntries(const fs::path& directory, bool wantDirectories) {
  std::vector<fs::path> entries;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(directory, error)) {
    if (entry.is_directory() == wantDirectories) entries.push_back(entry.path());
  }
  std::sort(entries.begin(), entries.end());
  return entries;
}

}  // namespace akgen::bench
