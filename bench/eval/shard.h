// `akgen eval --shard I/N`: one of N disjoint parts of an evaluation, for a job array on a cluster
// (docs/cluster.md). Whole tasks go to shards, so each shard builds a task's binding and computes
// its goldens once; the tasks are dealt by their number of (sample, case) units, the largest first,
// each to the shard with the fewest units so far, which makes the shards about equally long and the
// split the same on every machine.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace akgen::bench {

struct Shard {
  int index = 0;  // 0 to count - 1
  int count = 1;
};

// `I/N` with 0 <= I < N; nullopt for anything else.
std::optional<Shard> ParseShard(const std::string& text);
std::string ToString(const Shard& shard);

// For tasks with these keys and unit counts, which of them shard `shard` evaluates (its positions
// in `units`).
std::vector<size_t> TasksOfShard(const std::vector<std::string>& keys, const std::vector<size_t>& units, Shard shard);

}  // namespace akgen::bench
