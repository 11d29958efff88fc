#include "l2_cache.h"

#include <algorithm>

namespace ascendc_sim {

L2Cache::L2Cache(uint64_t capacityBytes) : capacityLines_(std::max<uint64_t>(1, capacityBytes / kLineBytes)) {}

L2Cache::Touch L2Cache::Access(uint64_t begin, uint64_t burstBytes, uint64_t bursts, uint64_t stride) {
  Touch touch;
  if (burstBytes == 0) return touch;
  uint64_t next = 0;  // the first line not counted yet: bursts closer than a line share lines
  for (uint64_t burst = 0; burst < bursts; ++burst) {
    const uint64_t start = begin + burst * stride;
    const uint64_t last = (start + burstBytes - 1) / kLineBytes;
    for (uint64_t line = std::max(start / kLineBytes, next); line <= last; ++line) {
      ++touch.lines;
      if (Use(line)) ++touch.resident;
    }
    next = std::max(next, last + 1);
  }
  return touch;
}

bool L2Cache::Use(uint64_t line) {
  if (const auto found = lines_.find(line); found != lines_.end()) {
    recency_.splice(recency_.begin(), recency_, found->second);
    return true;
  }
  if (lines_.size() == capacityLines_) {
    lines_.erase(recency_.back());
    recency_.pop_back();
  }
  recency_.push_front(line);
  lines_.emplace(line, recency_.begin());
  return false;
}

}  // namespace ascendc_sim
