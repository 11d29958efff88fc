// The chip's L2 cache as the cost model sees it: which lines of GM a launch has brought in. A DMA
// read of a resident line is served at L2's rate instead of HBM's. Reads and writes bring lines in;
// when the cache is full the least recently used line leaves. It starts empty at each launch.
#pragma once
#include <cstdint>
#include <list>
#include <unordered_map>

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
  bool Use(uint64_t line);  // true when the line was resident; it becomes the most recent

  uint64_t capacityLines_;
  std::list<uint64_t> recency_;  // most recently used first
  std::unordered_map<uint64_t, std::list<uint64_t>::iterator> lines_;
};

}  // namespace ascendc_sim
