#include "bench/cache/cache_entry.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <system_error>

namespace akgen::bench {

namespace fs = std::filesystem;

CacheKindLock::CacheKindLock(const fs::path& kindDir, bool exclusive) {
  // Without the lock file (a read-only cache) entries are used unguarded, as before pruning existed.
  descriptor_ = open((kindDir / ".lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (descriptor_ >= 0) flock(descriptor_, exclusive ? LOCK_EX : LOCK_SH);
}

CacheKindLock::~CacheKindLock() {
  if (descriptor_ >= 0) close(descriptor_);
}

bool UseCacheEntry(const fs::path& entryDir, const std::string& doneMarker) {
  CacheKindLock lock(entryDir.parent_path(), false);
  if (!fs::exists(entryDir / doneMarker)) return false;
  std::error_code error;
  fs::last_write_time(entryDir, fs::file_time_type::clock::now(), error);
  return true;
}

}  // namespace akgen::bench
