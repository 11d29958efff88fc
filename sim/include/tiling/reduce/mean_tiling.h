// Host-side size query for Mean's temporary space: one row's scratch, which is also the most Mean
// uses (ascendc_sim/adv_api/tmp_space_sizes.h), so the two sizes are equal as in CANN.
#pragma once
#include <cstdint>

#include "ascendc_sim/adv_api/tmp_space_sizes.h"

namespace AscendC {

inline void GetMeanMaxMinTmpSize(const uint32_t n, const uint32_t srcTypeSize, const uint32_t accTypeSize,
                                 const bool isReuseSource, uint32_t& maxSize, uint32_t& minSize) {
  (void)isReuseSource;  // reserved in CANN: the sizes do not depend on it
  minSize = uint32_t(ascendc_sim::MeanRowTmpBytes(n, srcTypeSize, accTypeSize));
  maxSize = minSize;
}

}  // namespace AscendC
