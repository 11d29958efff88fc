// AscendCUtils: the static helper class of CANN's kernel_utils.h that kernels call for block
// geometry and for writing the vector mask register.
#pragma once
#include <cstdint>

#include "ascendc_sim/constants.h"
#include "ascendc_sim/vec_mask.h"

namespace AscendC {

class AscendCUtils {
 public:
  static int32_t GetBitSize(int32_t byteSize) { return byteSize * 8; }
  // C0 is the 32-byte DataBlock; GetC0Count is how many elements of `dtypeSize` bytes fill it.
  static int32_t GetC0Size() { return DEFAULT_C0_SIZE; }
  static int32_t GetC0Count(const int32_t dtypeSize) { return GetC0Size() / dtypeSize; }
  static int32_t GetDefaultBlockNum() { return DEFAULT_BLK_NUM; }

  template <class T, bool isSetMask = true>
  static void SetMask(const uint64_t& maskHigh, const uint64_t& maskLow) {
    if constexpr (isSetMask) SetVectorMask<T>(maskHigh, maskLow);
  }

  // The first `len` lanes, saturating at the 128 lanes of the mask register. Unlike
  // SetVectorMask<T>(len), CANN does not check `len` against the lanes of T: for 32-bit types the
  // bits past lane 64 are written too, and the hardware ignores them.
  template <class T, bool isSetMask = true>
  static void SetMask(int32_t len) {
    if constexpr (isSetMask) {
      constexpr int32_t kLanesPerWord = 64;
      const auto firstLanes = [](int32_t lanes) {
        if (lanes <= 0) return uint64_t(0);
        return lanes >= kLanesPerWord ? FULL_MASK : (uint64_t(1) << lanes) - 1;
      };
      SetVectorMask<T>(firstLanes(len - kLanesPerWord), firstLanes(len));
    }
  }

  template <class T>
  static void SetMaskCount() {
    AscendC::SetMaskCount();
  }
  template <class T>
  static void SetMaskNorm() {
    AscendC::SetMaskNorm();
  }
  template <bool isSetMask = true>
  static void ResetMask() {
    if constexpr (isSetMask) AscendC::ResetMask();
  }
};

}  // namespace AscendC
