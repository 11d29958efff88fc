#include "access_history.h"

#include <algorithm>

namespace ascendc_sim {
namespace {

bool KnownToAll(const std::array<PipeClock, kHwPipeCount>& clocks, HwPipe pipe, uint32_t seq) {
  return std::all_of(clocks.begin(), clocks.end(), [&](const PipeClock& clock) { return clock[size_t(pipe)] >= seq; });
}

bool Settled(const AccessHistory& history, const std::array<PipeClock, kHwPipeCount>& clocks) {
  if (!KnownToAll(clocks, history.writer, history.write.seq)) return false;
  for (size_t pipe = 0; pipe < kHwPipeCount; ++pipe) {
    if (!KnownToAll(clocks, HwPipe(pipe), history.reads[pipe].seq)) return false;
  }
  return true;
}

uint64_t LatestEnd(const AccessHistory& history) {
  uint64_t latest = history.write.end;
  for (const AccessStamp& read : history.reads) latest = std::max(latest, read.end);
  return latest;
}

}  // namespace

void ConflictSet::Add(Conflict::Kind kind, HwPipe pipe, const AccessStamp& stamp, uint64_t byte) {
  for (Conflict& conflict : conflicts_) {
    if (conflict.pipe != pipe) continue;
    if (stamp.seq > conflict.stamp.seq) conflict = {kind, pipe, stamp, conflict.firstByte};
    return;
  }
  conflicts_.push_back({kind, pipe, stamp, byte});
}

void ConflictSet::Consider(const AccessHistory& history, HwPipe pipe, bool write, const PipeClock& known, uint64_t byte) {
  const AccessStamp& lastWrite = history.write;
  if (lastWrite.seq != 0 && history.writer != pipe && known[size_t(history.writer)] < lastWrite.seq) {
    Add(write ? Conflict::Kind::kWriteAfterWrite : Conflict::Kind::kReadAfterWrite, history.writer, lastWrite, byte);
  }
  if (!write) return;
  for (size_t reader = 0; reader < kHwPipeCount; ++reader) {
    const AccessStamp& read = history.reads[reader];
    if (HwPipe(reader) != pipe && read.seq != 0 && known[reader] < read.seq) {
      Add(Conflict::Kind::kWriteAfterRead, HwPipe(reader), read, byte);
    }
  }
}

void Remember(AccessHistory& history, HwPipe pipe, bool write, const AccessStamp& stamp) {
  if (write) {
    // Every earlier access is now ordered before this write: a conflict was either absent,
    // reported, or resolved by an added edge.
    history = AccessHistory{stamp, pipe, {}};
  } else {
    history.reads[size_t(pipe)] = stamp;
  }
}

void IntervalHistory::Check(uint64_t begin, uint64_t end, HwPipe pipe, bool write, const PipeClock& known,
                            ConflictSet& conflicts) const {
  auto it = intervals_.upper_bound(begin);
  if (it != intervals_.begin() && std::prev(it)->second.end > begin) --it;
  for (; it != intervals_.end() && it->first < end; ++it) {
    conflicts.Consider(it->second.history, pipe, write, known, std::max(begin, it->first));
  }
}

void IntervalHistory::SplitAt(uint64_t at) {
  auto it = intervals_.upper_bound(at);
  if (it == intervals_.begin()) return;
  --it;
  if (it->first == at || it->second.end <= at) return;
  Interval tail = it->second;
  it->second.end = at;
  intervals_.emplace(at, tail);
}

void IntervalHistory::Record(uint64_t begin, uint64_t end, HwPipe pipe, bool write, const AccessStamp& stamp) {
  if (end <= begin) return;
  SplitAt(begin);
  SplitAt(end);
  if (write) {
    Interval written{end, {}};
    Remember(written.history, pipe, write, stamp);
    intervals_.erase(intervals_.lower_bound(begin), intervals_.lower_bound(end));
    intervals_.emplace(begin, written);
    return;
  }
  uint64_t cursor = begin;
  auto it = intervals_.lower_bound(begin);
  while (cursor < end) {
    if (it == intervals_.end() || it->first > cursor) {  // a gap: nothing touched it yet
      const uint64_t gapEnd = it == intervals_.end() ? end : std::min(end, it->first);
      Interval fresh{gapEnd, {}};
      Remember(fresh.history, pipe, write, stamp);
      intervals_.emplace_hint(it, cursor, fresh);
      cursor = gapEnd;
      continue;
    }
    Remember(it->second.history, pipe, write, stamp);
    cursor = it->second.end;
    ++it;
  }
}

void IntervalHistory::Prune(const std::array<PipeClock, kHwPipeCount>& clocks) {
  std::erase_if(intervals_, [&](const auto& entry) { return Settled(entry.second.history, clocks); });
  // The scalar unit rarely learns how far the DMA pipes got, so in a long kernel many intervals stay
  // unsettled. Past a bound the oldest half is forgotten: a hazard against them would go unseen,
  // but no false one is reported.
  constexpr size_t kMaxIntervals = 1 << 16;
  if (intervals_.size() <= kMaxIntervals) return;
  std::vector<uint64_t> ends;
  ends.reserve(intervals_.size());
  for (const auto& [begin, interval] : intervals_) ends.push_back(LatestEnd(interval.history));
  std::nth_element(ends.begin(), ends.begin() + ends.size() / 2, ends.end());
  const uint64_t cutoff = ends[ends.size() / 2];
  std::erase_if(intervals_, [&](const auto& entry) { return LatestEnd(entry.second.history) <= cutoff; });
}

}  // namespace ascendc_sim
