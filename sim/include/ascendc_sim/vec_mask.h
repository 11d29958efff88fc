// The vector mask register: normal mode (a 128-bit lane mask applied to every repeat) or counter
// mode (the low 64 bits count the elements still to process). Level-0 calls with isSetMask=false
// use whatever these functions left there.
#pragma once
#include <cstdint>
#include <source_location>

#include "ascendc_sim/enums.h"
#include "ascendc_sim/vec_runtime.h"

namespace AscendC {

inline void SetMaskCount() { ascendc_sim::rt::SetMaskCounterMode(true); }
inline void SetMaskNorm() { ascendc_sim::rt::SetMaskCounterMode(false); }
inline void ResetMask() { ascendc_sim::rt::ResetVectorMask(); }

// `mode` documents which mode the caller expects; the bits are written as given either way.
template <class T, MaskMode mode = MaskMode::NORMAL>
void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow) {
  ascendc_sim::rt::SetVectorMaskBits(maskHigh, maskLow);
}

template <class T, MaskMode mode = MaskMode::NORMAL>
void SetVectorMask(int32_t len, const std::source_location location = std::source_location::current()) {
  if constexpr (mode == MaskMode::COUNTER) {
    ascendc_sim::rt::SetVectorMaskBits(0, uint64_t(uint32_t(len)));
  } else {
    ascendc_sim::rt::SetVectorMaskLength(len, sizeof(T), ascendc_sim::MakeSite("SetVectorMask", location));
  }
}

}  // namespace AscendC

// The compiler intrinsics behind the functions above, which kernels also call directly.
inline void set_mask_count() { ascendc_sim::rt::SetMaskCounterMode(true); }
inline void set_mask_norm() { ascendc_sim::rt::SetMaskCounterMode(false); }
inline void set_vector_mask(uint64_t maskHigh, uint64_t maskLow) {
  ascendc_sim::rt::SetVectorMaskBits(maskHigh, maskLow);
}
