// Host-side size query for the Sigmoid high-level API's temporary buffer, with CANN's results:
// at least 256 bytes, and at most the whole input (n * typeSize) when that is larger. The
// simulator's Sigmoid does not use the buffer; kernels size their UB with these numbers.
#pragma once
#include <cstdint>

#include "graph/tensor.h"

namespace AscendC {

inline void GetSigmoidMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize, bool isReuseSource,
                                    uint32_t& maxValue, uint32_t& minValue) {
  (void)isReuseSource;  // Sigmoid has no reuse variant on A2: the sizes do not depend on it
  constexpr uint32_t kMinimumBytes = 256;
  const uint64_t inputBytes = uint64_t(srcShape.GetShapeSize()) * typeSize;
  minValue = kMinimumBytes;
  maxValue = inputBytes > kMinimumBytes ? uint32_t(inputBytes) : kMinimumBytes;
}

}  // namespace AscendC
