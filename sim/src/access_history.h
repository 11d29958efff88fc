// Who last wrote and who last read each piece of memory, per pipe, so the hazard checker can tell
// whether a new access is ordered after them. Each memory (an on-chip one, or GM, which can be
// gigabytes) is a map of disjoint byte intervals, so an access costs a few map operations whatever
// its size.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "launch_profile.h"

namespace ascendc_sim {

// Per pipe, how many of its instructions are known to have completed.
using PipeClock = std::array<uint32_t, kHwPipeCount>;

// One instruction as the history remembers it; seq 0 means none.
struct AccessStamp {
  uint32_t seq = 0;
  uint32_t site = 0;  // index into the block's instruction sites
  uint64_t end = 0;   // cycle at which it completes
};

struct AccessHistory {
  AccessStamp write;
  HwPipe writer = HwPipe::kScalar;
  std::array<AccessStamp, kHwPipeCount> reads{};  // the last read by each pipe since the write
};

// An earlier access the new one is not ordered after.
struct Conflict {
  enum class Kind : uint8_t { kReadAfterWrite, kWriteAfterRead, kWriteAfterWrite };
  Kind kind;
  HwPipe pipe;
  AccessStamp stamp;
  uint64_t firstByte;  // where the two overlap first (offset in the memory, or GM address)
};

// The conflicts of one access, at most one per earlier pipe (its latest unordered access).
class ConflictSet {
 public:
  void Consider(const AccessHistory& history, HwPipe pipe, bool write, const PipeClock& known, uint64_t byte);
  const std::vector<Conflict>& Conflicts() const { return conflicts_; }

 private:
  void Add(Conflict::Kind kind, HwPipe pipe, const AccessStamp& stamp, uint64_t byte);
  std::vector<Conflict> conflicts_;
};

// Records an access in a history entry.
void Remember(AccessHistory& history, HwPipe pipe, bool write, const AccessStamp& stamp);

// One memory as disjoint intervals [begin, end) with one history each; a write replaces the
// intervals it covers with one.
class IntervalHistory {
 public:
  void Check(uint64_t begin, uint64_t end, HwPipe pipe, bool write, const PipeClock& known, ConflictSet& conflicts) const;
  void Record(uint64_t begin, uint64_t end, HwPipe pipe, bool write, const AccessStamp& stamp);
  // Drops intervals whose every access is known complete to every pipe: nothing can conflict
  // with them any more. Keeps the map small in long streaming kernels.
  void Prune(const std::array<PipeClock, kHwPipeCount>& clocks);
  size_t Size() const { return intervals_.size(); }

 private:
  struct Interval {
    uint64_t end;
    AccessHistory history;
  };
  // Splits the interval containing `at` so that one starts there.
  void SplitAt(uint64_t at);
  std::map<uint64_t, Interval> intervals_;
};

}  // namespace ascendc_sim
