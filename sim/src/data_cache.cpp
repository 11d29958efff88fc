#include "data_cache.h"

#include <bit>
#include <limits>

namespace ascendc_sim {

DataCache::DataCache(uint32_t bytes, uint32_t lineBytes)
    : lineShift_(uint32_t(std::countr_zero(lineBytes))),
      lines_(bytes / lineBytes, std::numeric_limits<uint64_t>::max()) {}

uint64_t DataCache::Touch(uint64_t address, uint64_t bytes) {
  uint64_t misses = 0;
  const uint64_t last = (address + (bytes == 0 ? 0 : bytes - 1)) >> lineShift_;
  for (uint64_t line = address >> lineShift_; line <= last; ++line) {
    uint64_t& slot = lines_[line % lines_.size()];
    if (slot == line) continue;
    slot = line;
    ++misses;
  }
  return misses;
}

}  // namespace ascendc_sim
