// The chip's L2 cache as the cost model sees it: which lines of GM a launch has brought in. A DMA
// read of a resident line is served at L2's rate instead of HBM's. Reads and writes bring lines in;
// when the cache is full the least recently used line leaves. It starts empty at each launch.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ascendc_sim {

class L2Cache {
 public:
  static constexpr uint64_t kLineBytes = 512;  // assumed; CANN documents no L2 line size

  explicit L2Cache(uint64_t capacityBytes);

  struct Touch {
    uint64_t lines = 0;     // lines the access covers
    uint64_t resident = 0;  // of those, lines that were in the cache
  };
  // `bursts` runs of `burstBytes` each, the first at `begin` and each next `stride` bytes further.
  Touch Access(uint64_t begin, uint64_t burstBytes, uint64_t bursts, uint64_t stride);

 private:
  // A DMA touches a line per 512 bytes, so the bookkeeping avoids allocations: the lines sit in a
  // node array linked from newest to oldest, found through an open-addressing table of node indices.
  static constexpr uint32_t kNone = UINT32_MAX;
  struct Node {
    uint64_t line;
    uint32_t newer;
    uint32_t older;
  };

  bool Use(uint64_t line);           // true when the line was resident; it becomes the most recent
  size_t Slot(uint64_t line) const;  // the table slot holding `line`, or the empty slot it would take
  void Erase(size_t slot);           // backward-shift deletion keeps every probe chain unbroken
  void Grow();
  void Unlink(uint32_t node);
  void MakeNewest(uint32_t node);

  size_t capacityLines_;
  std::vector<Node> nodes_;
  std::vector<uint32_t> table_;
  uint32_t newest_ = kNone;
  uint32_t oldest_ = kNone;
};

}  // namespace ascendc_sim
