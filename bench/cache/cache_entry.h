// Using a cache entry (a folder under CACHE/build or CACHE/golden) so that pruning cannot remove it
// while it is in use: a shared flock on the kind's `.lock` file covers marking the entry used (its
// folder's modification time becomes now) and checking that it is complete; pruning removes an
// entry only under the exclusive lock and only if nothing used it since the oldest live CacheUser
// started. An entry pruned just before is simply missing, and is made again.
#pragma once
#include <filesystem>
#include <string>

namespace akgen::bench {

// Whether `entryDir` holds `doneMarker` (a finished entry); if so it is marked used now.
bool UseCacheEntry(const std::filesystem::path& entryDir, const std::string& doneMarker);

// A flock on `kindDir/.lock`, shared for users, exclusive for pruning.
class CacheKindLock {
 public:
  CacheKindLock(const std::filesystem::path& kindDir, bool exclusive);
  ~CacheKindLock();
  CacheKindLock(const CacheKindLock&) = delete;
  CacheKindLock& operator=(const CacheKindLock&) = delete;

 private:
  int descriptor_ = -1;
};

}  // namespace akgen::bench
