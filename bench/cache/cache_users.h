// Which processes use a cache folder right now. Each evaluation that reads or fills the cache holds
// a CacheUser for its lifetime: a file in CACHE/.users that it keeps locked (flock) and whose
// modification time is when it started. Every entry a live user touched since it started is
// therefore newer than the oldest live user's start, which is how pruning knows what may be in use.
// A user file nobody holds a lock on was left by a dead process and is removed.
#pragma once
#include <filesystem>
#include <optional>

namespace akgen::bench {

class CacheUser {
 public:
  explicit CacheUser(const std::filesystem::path& cacheDir);
  ~CacheUser();
  CacheUser(const CacheUser&) = delete;
  CacheUser& operator=(const CacheUser&) = delete;
  const std::filesystem::path& file() const { return file_; }

 private:
  std::filesystem::path file_;
  int descriptor_ = -1;
};

// The start of the oldest live user of `cacheDir` but `finished` (a user done with its entries),
// none when no other uses it; dead users' files are removed.
std::optional<std::filesystem::file_time_type> OldestLiveUserStart(const std::filesystem::path& cacheDir,
                                                                   const CacheUser* finished = nullptr);

}  // namespace akgen::bench
