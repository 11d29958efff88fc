#include "craft/tune/value_ladder.h"

#include <algorithm>
#include <array>

#include "craft/tune/knobs.h"

namespace akgen::craft {
namespace {

constexpr int64_t kLargestTile = 196608;  // ub_bytes of the 910B
constexpr int64_t kElementGranule = 32;   // elements: 32 bytes of the narrowest dtype
constexpr std::array<int64_t, 9> kCoreCaps = {1, 2, 4, 8, 12, 16, 24, 32, 40};  // below the 910B2's 48
constexpr int64_t kDeepestBuffer = 4;

std::vector<int64_t> SortedUnique(std::vector<int64_t> values) {
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

}  // namespace

std::vector<int64_t> TileLengths(int64_t programValue, bool countsRows) {
  std::vector<int64_t> values = {programValue};
  for (int64_t power = 1; power <= kLargestTile; power *= 2) {
    for (int64_t value : {power, 3 * power}) {
      if (value <= kLargestTile && (countsRows || value % kElementGranule == 0)) values.push_back(value);
    }
  }
  return SortedUnique(std::move(values));
}

std::vector<int64_t> CoreCaps(std::optional<int64_t> literalCores) {
  std::vector<int64_t> values;
  for (int64_t cap : kCoreCaps)
    if (!literalCores || cap < *literalCores) values.push_back(cap);
  values.push_back(kUncapped);
  return values;
}

std::vector<int64_t> BufferDepths(int64_t programValue) {
  std::vector<int64_t> values = {programValue};
  for (int64_t depth = 1; depth <= kDeepestBuffer; ++depth) values.push_back(depth);
  return SortedUnique(std::move(values));
}

}  // namespace akgen::craft
