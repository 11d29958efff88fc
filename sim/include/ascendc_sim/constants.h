// Constants CANN's headers make visible to kernels (kernel_utils_constants.h).
#pragma once
#include <cstdint>

#include "ascendc_sim/scalar_types.h"

namespace AscendC {

constexpr uint16_t ONE_BLK_SIZE = 32;
constexpr int32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr int32_t MAX_REPEAT_TIMES = 255;
constexpr int32_t MIN_REPEAT_TIMES = 0;
constexpr int32_t DEFAULT_BLK_NUM = 8;
constexpr int32_t DEFAULT_BLK_STRIDE = 1;
constexpr uint8_t DEFAULT_REPEAT_STRIDE = 8;
constexpr uint8_t HALF_DEFAULT_REPEAT_STRIDE = 4;
constexpr int32_t BLOCK_CUBE = 16;
constexpr int32_t DEFAULT_C0_SIZE = 32;
constexpr int32_t HALF_REPEAT_SIZE = 128;
constexpr int32_t FLOAT_REPEAT_SIZE = 64;
constexpr int32_t ONE_BLK_HALF_NUM = 16;
constexpr int32_t ONE_BLK_FLOAT_NUM = 8;
constexpr int32_t B16_DATA_NUM_PER_REPEAT = 128;
constexpr int32_t B32_DATA_NUM_PER_REPEAT = 64;
constexpr int32_t B16_DATA_NUM_PER_BLOCK = 16;
constexpr int32_t B32_DATA_NUM_PER_BLOCK = 8;
constexpr int32_t FULL_MASK_LEN = 128;
constexpr int32_t HALF_MASK_LEN = 64;
constexpr int32_t BRCB_BROADCAST_NUMBER = 8;
constexpr uint8_t DEFAULT_DATA_COPY_NBURST = 1;
constexpr uint8_t DEFAULT_DATA_COPY_STRIDE = 0;
constexpr uint32_t TOTAL_UB_SIZE = 192 * 1024;
// The UB share a vector kernel may claim for its own buffers on the 910B (dav-2201): the rest is the
// framework's. Matmul kernels size their format-conversion scratch with it.
constexpr int32_t TOTAL_VEC_LOCAL_SIZE = 184 * 1024;
constexpr uint32_t TOTAL_L1_SIZE = 512 * 1024 - 128;
constexpr uint32_t TOTAL_L0A_SIZE = 64 * 1024;
constexpr uint32_t TOTAL_L0B_SIZE = 64 * 1024;
constexpr uint32_t TOTAL_L0C_SIZE = 128 * 1024;
constexpr uint64_t FULL_MASK = 0xffffffffffffffffull;
constexpr uint64_t MASK_PLACEHOLDER = 0;
constexpr uint64_t MASK_PLACEHOLDER_LIST[2] = {0, 0};
constexpr uint32_t F32_INF = 0x7f800000u;
constexpr uint32_t F32_NEG_INF = 0xff800000u;
constexpr uint32_t F32_NAN = 0x7fc00000u;

// CANN's own integer helpers (non-templates, so kernels' same-named templates still win).
constexpr uint32_t DivCeil(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
constexpr uint32_t AlignUp(uint32_t a, uint32_t b) { return DivCeil(a, b) * b; }

// Scalar bfloat16 conversions.
constexpr float ToFloat(const bfloat16_t& value) { return float(value); }
constexpr bfloat16_t ToBfloat16(const float& value) { return bfloat16_t(value); }

template <class T, class U>
struct IsSameType {
  static constexpr bool value = false;
};
template <class T>
struct IsSameType<T, T> {
  static constexpr bool value = true;
};

// Conditional<b, T, U>::type is T when b holds, else U.
template <bool b, class T, class U>
struct Conditional {
  using type = T;
};
template <class T, class U>
struct Conditional<false, T, U> {
  using type = U;
};

}  // namespace AscendC
