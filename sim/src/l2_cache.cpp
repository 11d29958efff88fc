#include "l2_cache.h"

#include <algorithm>

namespace ascendc_sim {
namespace {

constexpr size_t kInitialSlots = 1024;

size_t Hash(uint64_t line) {
  uint64_t hash = line * 0x9E3779B97F4A7C15ull;
  return size_t(hash ^ (hash >> 29));
}

}  // namespace

L2Cache::L2Cache(uint64_t capacityBytes)
    : capacityLines_(std::max<uint64_t>(1, capacityBytes / kLineBytes)), table_(kInitialSlots, kNone) {}

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
  if (const uint32_t found = table_[Slot(line)]; found != kNone) {
    Unlink(found);
    MakeNewest(found);
    return true;
  }
  uint32_t node;
  if (nodes_.size() < capacityLines_) {
    if (2 * (nodes_.size() + 1) > table_.size()) Grow();  // at most half full, so probes stay short
    node = uint32_t(nodes_.size());
    nodes_.push_back({line, kNone, kNone});
  } else {  // full: the oldest line's node takes the new line
    node = oldest_;
    Unlink(node);
    Erase(Slot(nodes_[node].line));
    nodes_[node].line = line;
  }
  table_[Slot(line)] = node;
  MakeNewest(node);
  return false;
}

size_t L2Cache::Slot(uint64_t line) const {
  const size_t mask = table_.size() - 1;
  size_t slot = Hash(line) & mask;
  while (table_[slot] != kNone && nodes_[table_[slot]].line != line) slot = (slot + 1) & mask;
  return slot;
}

void L2Cache::Erase(size_t slot) {
  const size_t mask = table_.size() - 1;
  size_t hole = slot;
  for (size_t next = (hole + 1) & mask; table_[next] != kNone; next = (next + 1) & mask) {
    const size_t home = Hash(nodes_[table_[next]].line) & mask;
    // An entry stays when its home lies cyclically in (hole, next]; otherwise it moves up.
    const bool stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next);
    if (!stays) {
      table_[hole] = table_[next];
      hole = next;
    }
  }
  table_[hole] = kNone;
}

void L2Cache::Grow() {
  table_.assign(table_.size() * 2, kNone);
  for (uint32_t node = 0; node < nodes_.size(); ++node) table_[Slot(nodes_[node].line)] = node;
}

void L2Cache::Unlink(uint32_t node) {
  Node& entry = nodes_[node];
  if (entry.newer != kNone)
    nodes_[entry.newer].older = entry.older;
  else
    newest_ = entry.older;
  if (entry.older != kNone)
    nodes_[entry.older].newer = entry.newer;
  else
    oldest_ = entry.newer;
  entry.newer = entry.older = kNone;
}

void L2Cache::MakeNewest(uint32_t node) {
  Node& entry = nodes_[node];
  entry.newer = kNone;
  entry.older = newest_;
  if (newest_ != kNone) nodes_[newest_].newer = node;
  newest_ = node;
  if (oldest_ == kNone) oldest_ = node;
}

}  // namespace ascendc_sim
