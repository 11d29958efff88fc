// The scalar unit's data cache. Scalar loads and stores of global memory go through a per-core
// cache that fills whole lines from GM (CANN's programming guide: 64-byte lines, 16 KiB on the
// parts it names); a line already there costs no GM round trip. Modelled direct-mapped: only
// whether an access misses matters to the cost model.
#pragma once
#include <cstdint>
#include <vector>

namespace ascendc_sim {

class DataCache {
 public:
  DataCache(uint32_t bytes, uint32_t lineBytes);
  // The lines of [address, address + bytes) that were not cached; afterwards all of them are.
  uint64_t Touch(uint64_t address, uint64_t bytes);

 private:
  uint32_t lineShift_;
  std::vector<uint64_t> lines_;  // the line number each slot holds
};

}  // namespace ascendc_sim
