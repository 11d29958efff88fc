#include "bench/cache/cache_pruning.h"

#include <unistd.h>

#include <algorithm>
#include <optional>
#include <system_error>

#include "bench/cache/cache_entry.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPrunedKinds[] = {"build", "golden", "candidates"};
constexpr const char* kKeptKinds[] = {"reference-timing", "staged"};
constexpr const char* kBindingModules = "pybind-modules";

// The bytes of the regular files under `path` (symbolic links are not followed).
uintmax_t FolderBytes(const fs::path& path) {
  uintmax_t bytes = 0;
  std::error_code error;
  for (fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, error), end;
       !error && it != end; it.increment(error)) {
    std::error_code statError;
    if (it->is_regular_file(statError) && !it->is_symlink(statError)) bytes += it->file_size(statError);
  }
  return bytes;
}

// A folder a build or an oracle run writes before publishing it by a rename, or an evicted entry
// being deleted: left behind only by a run that died.
bool IsScratchFolder(const std::string& name) {
  return name.starts_with(".staging-") || name.starts_with(".trash-") || name.find(".partial-") != std::string::npos;
}

struct Entry {
  fs::path path;
  fs::file_time_type lastUse;
  uintmax_t bytes = 0;
};

}  // namespace

std::vector<CacheKindUsage> MeasureCache(const fs::path& cacheDir) {
  std::vector<CacheKindUsage> usage;
  std::vector<std::string> kinds(std::begin(kPrunedKinds), std::end(kPrunedKinds));
  kinds.insert(kinds.end(), std::begin(kKeptKinds), std::end(kKeptKinds));
  for (const std::string& kind : kinds) {
    CacheKindUsage each{kind, 0, 0};
    std::error_code error;
    for (const fs::directory_entry& entry : fs::directory_iterator(cacheDir / kind, error)) {
      if (entry.path().filename() == ".lock") continue;
      each.bytes += entry.is_directory(error) ? FolderBytes(entry.path()) : entry.file_size(error);
      ++each.entries;
    }
    usage.push_back(each);
  }
  return usage;
}

PruneOutcome PruneCache(const fs::path& cacheDir, uintmax_t limitBytes, const CacheUser* finished) {
  PruneOutcome outcome;
  const std::optional<fs::file_time_type> oldestUser = OldestLiveUserStart(cacheDir, finished);
  auto mayBeInUse = [&](fs::file_time_type lastUse) { return oldestUser && lastUse >= *oldestUser; };
  std::vector<Entry> entries;
  for (const char* kind : kPrunedKinds) {
    std::error_code error;
    for (const fs::directory_entry& item : fs::directory_iterator(cacheDir / kind, error)) {
      const std::string name = item.path().filename().string();
      // The oracle's compiled bindings (bench/oracle/oracle.h) are one folder of every task's
      // module, used by python without marking it: never evicted, as one would go in use, but
      // counted, so the other entries make room for them.
      if (name == kBindingModules) {
        outcome.bindingBytes = FolderBytes(item.path());
        outcome.bytesBefore += outcome.bindingBytes;
        continue;
      }
      if (name == ".lock" || !item.is_directory(error)) continue;
      const fs::file_time_type lastUse = fs::last_write_time(item.path(), error);
      if (error) continue;
      if (IsScratchFolder(name)) {
        if (!mayBeInUse(lastUse)) outcome.abandoned += fs::remove_all(item.path(), error) > 0;
        continue;
      }
      entries.push_back({item.path(), lastUse, FolderBytes(item.path())});
      outcome.bytesBefore += entries.back().bytes;
    }
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.lastUse < b.lastUse; });
  uintmax_t bytes = outcome.bytesBefore;
  for (const Entry& entry : entries) {
    if (bytes <= limitBytes) break;
    fs::path trash = entry.path.parent_path() / (".trash-" + entry.path.filename().string() + "-" + std::to_string(getpid()));
    {
      CacheKindLock lock(entry.path.parent_path(), true);
      std::error_code error;
      const fs::file_time_type lastUse = fs::last_write_time(entry.path, error);
      if (error) continue;  // another pruner took it
      if (mayBeInUse(lastUse)) {
        outcome.bytesInUse += entry.bytes;
        continue;
      }
      fs::rename(entry.path, trash, error);
      if (error) continue;
    }
    std::error_code error;
    fs::remove_all(trash, error);
    bytes -= entry.bytes;
    ++outcome.removed;
  }
  outcome.bytesAfter = bytes;
  return outcome;
}

}  // namespace akgen::bench
