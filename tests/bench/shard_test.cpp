// `--shard I/N`: the part of a run each shard evaluates (bench/eval/shard.h).
#include "bench/eval/shard.h"

#include <gtest/gtest.h>

#include <numeric>

namespace akgen::bench {
namespace {

TEST(ShardTest, ReadsIOverNWithIBelowN) {
  const std::optional<Shard> shard = ParseShard("3/8");
  ASSERT_TRUE(shard);
  EXPECT_EQ(shard->index, 3);
  EXPECT_EQ(shard->count, 8);
  EXPECT_EQ(ToString(*shard), "3/8");
  for (const char* bad : {"", "3", "3/", "/8", "8/8", "-1/8", "1/0", "a/b", "1/2/3", "1 /2"}) EXPECT_FALSE(ParseShard(bad)) << bad;
}

TEST(ShardTest, DealsWholeTasksLargestFirstToTheLightestPart) {
  const std::vector<std::string> keys = {"a", "b", "c", "d", "e", "f"};
  const std::vector<size_t> units = {3, 10, 2, 7, 5, 3};
  // b (10) to part 0, d (7) and e (5) to part 1 (12), a (3, before f by key) to part 0 (13), f (3)
  // to part 1 (15), c (2) to part 0 (15).
  EXPECT_EQ(TasksOfShard(keys, units, {0, 2}), (std::vector<size_t>{0, 1, 2}));
  EXPECT_EQ(TasksOfShard(keys, units, {1, 2}), (std::vector<size_t>{3, 4, 5}));
}

TEST(ShardTest, ThePartsCoverEveryTaskOnceAndOnePartIsEverything) {
  std::vector<std::string> keys;
  std::vector<size_t> units;
  for (int i = 0; i < 37; ++i) {
    keys.push_back("task" + std::to_string(i));
    units.push_back(1 + (i * 7) % 11);
  }
  std::vector<int> owners(keys.size(), 0);
  size_t heaviest = 0, lightest = SIZE_MAX;
  for (int part = 0; part < 5; ++part) {
    size_t load = 0;
    for (const size_t task : TasksOfShard(keys, units, {part, 5})) {
      ++owners[task];
      load += units[task];
    }
    heaviest = std::max(heaviest, load);
    lightest = std::min(lightest, load);
  }
  EXPECT_EQ(std::count(owners.begin(), owners.end(), 1), static_cast<long>(keys.size()));
  EXPECT_LE(heaviest - lightest, 11u);  // at most one task's units apart
  std::vector<size_t> all(keys.size());
  std::iota(all.begin(), all.end(), 0);
  EXPECT_EQ(TasksOfShard(keys, units, {}), all);
}

}  // namespace
}  // namespace akgen::bench
