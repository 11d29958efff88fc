#include "bench/cache/cache_users.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <atomic>
#include <system_error>

#include "bench/common/environment_fault.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

fs::path UsersDir(const fs::path& cacheDir) { return cacheDir / ".users"; }

}  // namespace

CacheUser::CacheUser(const fs::path& cacheDir) {
  static std::atomic<unsigned> counter{0};
  std::error_code error;
  fs::create_directories(UsersDir(cacheDir), error);
  file_ = UsersDir(cacheDir) / (std::to_string(getpid()) + "-" + std::to_string(counter++));
  // Close-on-exec: a sandboxed child must not keep the lock after this process is gone.
  descriptor_ = open(file_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (descriptor_ < 0 || flock(descriptor_, LOCK_EX) != 0) {
    const std::system_error failure(errno, std::generic_category(), file_.string());
    ThrowIfMachineFault(failure, "registering as a user of the cache");
    throw EnvironmentFault(std::string(failure.what()) + ": cannot register as a user of the cache " + cacheDir.string() +
                           "; give --cache a folder this user can write");
  }
}

CacheUser::~CacheUser() {
  std::error_code error;
  fs::remove(file_, error);
  if (descriptor_ >= 0) close(descriptor_);
}

std::optional<fs::file_time_type> OldestLiveUserStart(const fs::path& cacheDir, const CacheUser* finished) {
  std::optional<fs::file_time_type> oldest;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(UsersDir(cacheDir), error)) {
    if (finished && entry.path() == finished->file()) continue;
    const int descriptor = open(entry.path().c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) continue;  // its user just finished
    const bool dead = flock(descriptor, LOCK_EX | LOCK_NB) == 0;
    close(descriptor);
    if (dead) {
      fs::remove(entry.path(), error);
      continue;
    }
    const fs::file_time_type started = fs::last_write_time(entry.path(), error);
    if (!error && (!oldest || started < *oldest)) oldest = started;
  }
  return oldest;
}

}  // namespace akgen::bench
