// The cache's size bound: byte counts, least-recently-used eviction, and the live-user rule that
// keeps what a running evaluation may be using (bench/cache).
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <string>

#include "bench/cache/byte_count.h"
#include "bench/cache/cache_entry.h"
#include "bench/cache/cache_pruning.h"
#include "bench/cache/cache_users.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

TEST(ByteCountTest, ReadsPowersOf1024WithOrWithoutTheirSuffix) {
  EXPECT_EQ(ParseByteCount("16G"), uintmax_t{16} << 30);
  EXPECT_EQ(ParseByteCount("500M"), uintmax_t{500} << 20);
  EXPECT_EQ(ParseByteCount("2TiB"), uintmax_t{2} << 40);
  EXPECT_EQ(ParseByteCount("7kb"), uintmax_t{7} << 10);
  EXPECT_EQ(ParseByteCount("1048576"), uintmax_t{1048576});
  EXPECT_EQ(ParseByteCount("12B"), uintmax_t{12});
  for (const char* bad : {"", "G", "12X", "1.5G", "-3G", "16 G"}) EXPECT_FALSE(ParseByteCount(bad)) << bad;
  EXPECT_EQ(FormatByteCount(17), "17 B");
  EXPECT_EQ(FormatByteCount(1536), "1.5 KiB");
  EXPECT_EQ(FormatByteCount(uintmax_t{3} << 30), "3.0 GiB");
  EXPECT_EQ(FormatByteCount(uintmax_t{200} << 20), "200 MiB");
}

class CachePruningTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "akgen-cache-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    fs::create_directories(root_ / "build");
    fs::create_directories(root_ / "golden");
  }
  void TearDown() override { fs::remove_all(root_); }

  // A finished entry of `bytes` bytes whose last use was `age` ago.
  fs::path Entry(const std::string& kind, const std::string& key, size_t bytes, std::chrono::seconds age,
                 const std::string& marker) {
    const fs::path entry = root_ / kind / key;
    fs::create_directories(entry / "sub");
    std::ofstream(entry / "sub" / "payload") << std::string(bytes, 'x');
    std::ofstream(entry / marker) << "";
    fs::last_write_time(entry, fs::file_time_type::clock::now() - age);
    return entry;
  }
  fs::path Build(const std::string& key, size_t bytes, std::chrono::seconds age) {
    return Entry("build", key, bytes, age, "build.json");
  }
  fs::path Golden(const std::string& key, size_t bytes, std::chrono::seconds age) {
    return Entry("golden", key, bytes, age, "manifest.json");
  }

  fs::path root_;
};

TEST_F(CachePruningTest, EvictsTheLeastRecentlyUsedEntriesOfBothKindsDownToTheLimit) {
  const fs::path oldest = Build("a", 1000, 400s);
  const fs::path older = Golden("b", 1000, 300s);
  const fs::path newer = Build("c", 1000, 200s);
  const fs::path newest = Golden("d", 1000, 100s);

  // The oracle's bindings are never evicted, but their bytes count: the others make room for them.
  const fs::path bindings = root_ / "golden" / "pybind-modules";
  fs::create_directories(bindings / "0123");
  std::ofstream(bindings / "0123" / "module.so") << std::string(500, 'x');
  fs::last_write_time(bindings, fs::file_time_type::clock::now() - 900s);

  const PruneOutcome pruned = PruneCache(root_, 2400);

  EXPECT_TRUE(fs::exists(bindings / "0123" / "module.so"));
  EXPECT_EQ(pruned.bytesBefore, 4500u);
  EXPECT_EQ(pruned.bytesAfter, 1500u);
  EXPECT_EQ(pruned.removed, 3u);
  EXPECT_FALSE(fs::exists(oldest));
  EXPECT_FALSE(fs::exists(older));
  EXPECT_FALSE(fs::exists(newer));
  EXPECT_TRUE(fs::exists(newest / "manifest.json"));
  EXPECT_EQ(PruneCache(root_, 2400).removed, 0u);  // under the limit now
}

TEST_F(CachePruningTest, AUseMovesAnEntryToTheBackOfTheLine) {
  const fs::path used = Build("a", 1000, 400s);
  const fs::path unused = Build("b", 1000, 300s);
  EXPECT_TRUE(UseCacheEntry(used, "build.json"));
  EXPECT_FALSE(UseCacheEntry(root_ / "build" / "missing", "build.json"));

  PruneCache(root_, 1000);

  EXPECT_TRUE(fs::exists(used));
  EXPECT_FALSE(fs::exists(unused));
}

TEST_F(CachePruningTest, KeepsWhatALiveUserUsedSinceItStartedUntilItIsFinished) {
  const fs::path before = Build("a", 1000, 400s);
  const fs::path used = Golden("b", 1000, 300s);
  {
    const CacheUser user(root_);
    EXPECT_TRUE(UseCacheEntry(used, "manifest.json"));
    const fs::path published = Build("c", 1000, 0s);  // a build this user made

    const PruneOutcome pruned = PruneCache(root_, 0);
    EXPECT_FALSE(fs::exists(before));
    EXPECT_TRUE(fs::exists(used));
    EXPECT_TRUE(fs::exists(published));
    EXPECT_EQ(pruned.bytesInUse, 2000u);

    // At its end the user's entries are no longer in use.
    EXPECT_EQ(PruneCache(root_, 0, &user).removed, 2u);
    EXPECT_FALSE(fs::exists(used));
  }
  EXPECT_TRUE(fs::is_empty(root_ / ".users"));
}

TEST_F(CachePruningTest, AnotherProcessIsLiveWhileItHoldsItsLockAndForgottenWhenItDies) {
  int ready[2];
  ASSERT_EQ(pipe(ready), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const CacheUser user(root_);
    char byte = 1;
    (void)!write(ready[1], &byte, 1);
    pause();
    _exit(0);
  }
  char byte = 0;
  ASSERT_EQ(read(ready[0], &byte, 1), 1);
  const std::optional<fs::file_time_type> started = OldestLiveUserStart(root_);
  ASSERT_TRUE(started);
  EXPECT_LE(*started, fs::file_time_type::clock::now());

  kill(child, SIGKILL);  // no destructor: its file stays, unlocked
  waitpid(child, nullptr, 0);
  EXPECT_FALSE(OldestLiveUserStart(root_));
  EXPECT_TRUE(fs::is_empty(root_ / ".users"));
  close(ready[0]);
  close(ready[1]);
}

TEST_F(CachePruningTest, RemovesTheStagingFoldersOfRunsThatDied) {
  const fs::path staging = root_ / "build" / ".staging-abc-123-0";
  const fs::path partial = root_ / "golden" / "def.partial-123-0";
  for (const fs::path& folder : {staging, partial}) {
    fs::create_directories(folder);
    std::ofstream(folder / "half") << "written";
    fs::last_write_time(folder, fs::file_time_type::clock::now() - 60s);
  }
  const CacheUser user(root_);  // started after them
  const fs::path live = root_ / "build" / ".staging-ghi-456-0";
  fs::create_directories(live);

  const PruneOutcome pruned = PruneCache(root_, uintmax_t{1} << 40);

  EXPECT_EQ(pruned.abandoned, 2u);
  EXPECT_FALSE(fs::exists(staging));
  EXPECT_FALSE(fs::exists(partial));
  EXPECT_TRUE(fs::exists(live));
}

TEST_F(CachePruningTest, MeasuresEveryKind) {
  Build("a", 1000, 10s);
  Golden("b", 500, 10s);
  fs::create_directories(root_ / "reference-timing");
  std::ofstream(root_ / "reference-timing" / "t.json") << std::string(30, 'x');
  const std::vector<CacheKindUsage> usage = MeasureCache(root_);
  ASSERT_EQ(usage.size(), 5u);
  EXPECT_EQ(usage[0].kind, "build");
  EXPECT_EQ(usage[0].bytes, 1000u);
  EXPECT_EQ(usage[0].entries, 1u);
  EXPECT_EQ(usage[1].bytes, 500u);
  EXPECT_EQ(usage[2].kind, "candidates");
  EXPECT_EQ(usage[2].entries, 0u);
  EXPECT_EQ(usage[3].kind, "reference-timing");
  EXPECT_EQ(usage[3].bytes, 30u);
  EXPECT_EQ(usage[4].entries, 0u);
}

}  // namespace
}  // namespace akgen::bench
