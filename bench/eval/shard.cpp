#include "bench/eval/shard.h"

#include <algorithm>
#include <numeric>

namespace akgen::bench {

std::optional<Shard> ParseShard(const std::string& text) {
  const size_t slash = text.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 == text.size()) return std::nullopt;
  auto number = [](const std::string& digits) -> std::optional<int> {
    if (digits.empty() || digits.size() > 6 || !std::all_of(digits.begin(), digits.end(), ::isdigit)) return std::nullopt;
    return std::stoi(digits);
  };
  const std::optional<int> index = number(text.substr(0, slash));
  const std::optional<int> count = number(text.substr(slash + 1));
  if (!index || !count || *count < 1 || *index >= *count) return std::nullopt;
  return Shard{*index, *count};
}

std::string ToString(const Shard& shard) { return std::to_string(shard.index) + "/" + std::to_string(shard.count); }

std::vector<size_t> TasksOfShard(const std::vector<std::string>& keys, const std::vector<size_t>& units, Shard shard) {
  std::vector<size_t> order(keys.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return units[a] != units[b] ? units[a] > units[b] : keys[a] < keys[b];
  });
  std::vector<size_t> load(shard.count, 0);
  std::vector<size_t> mine;
  for (const size_t task : order) {
    const size_t lightest = std::min_element(load.begin(), load.end()) - load.begin();  // the first on ties
    load[lightest] += units[task];
    if (static_cast<int>(lightest) == shard.index) mine.push_back(task);
  }
  std::sort(mine.begin(), mine.end());
  return mine;
}

}  // namespace akgen::bench
