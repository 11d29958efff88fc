// Gather (dst[i] = the element at byte offset srcBaseAddr + srcOffset[i] of src) and GatherMask
// (keep the elements of src0 whose pattern bit is 1, packed contiguously into dst).
#pragma once
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"
#include "ascendc_sim/vec_params.h"

namespace AscendC {

enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 = 1 };

struct GatherMaskParams {
  uint8_t src0BlockStride = 1;
  uint16_t repeatTimes = 0;
  uint16_t src0RepeatStride = 8;
  uint8_t src1RepeatStride = 8;
  GatherMaskParams() = default;
  GatherMaskParams(uint8_t src0BlockStrideIn, uint16_t repeatTimesIn, uint16_t src0RepeatStrideIn,
                   uint8_t src1RepeatStrideIn)
      : src0BlockStride(src0BlockStrideIn), repeatTimes(repeatTimesIn), src0RepeatStride(src0RepeatStrideIn),
        src1RepeatStride(src1RepeatStrideIn) {}
};

}  // namespace AscendC

namespace ascendc_sim {

// GatherMask's walk: either the pattern tensor or a built-in pattern (1..7 on Atlas A2).
struct GatherMaskShape {
  bool patternTensor = false;
  uint8_t builtinPattern = 0;
  bool counterMode = false;  // reduceMode: each repeat handles `mask` elements
  uint32_t mask = 0;
  AscendC::GatherMaskParams params;
};

namespace rt {
void VecGather(DType type, const LocalRef& dst, const LocalRef& src, const LocalRef& srcOffset, uint32_t srcBaseAddr,
               uint32_t count, Site site);
uint64_t VecGatherMask(DType type, const LocalRef& dst, const LocalRef& src0, const LocalRef& pattern,
                       const GatherMaskShape& shape, Site site);
}  // namespace rt

}  // namespace ascendc_sim

#define ASCENDC_SIM_CHECK_GATHER_MASK_DTYPE(T) \
  ASCENDC_SIM_CHECK_DTYPE("GatherMask", T, half, bfloat16_t, int16_t, uint16_t, float, int32_t, uint32_t)

namespace AscendC {

template <class T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
            const uint32_t srcBaseAddr, const uint32_t count,
            const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("Gather", T, half, bfloat16_t, int16_t, uint16_t, int32_t, uint32_t, float);
  ascendc_sim::rt::VecGather(ascendc_sim::kDTypeOf<T>, dst.SimRef(), src.SimRef(), srcOffset.SimRef(), srcBaseAddr,
                             count, ascendc_sim::MakeSite("Gather", location));
}

// User pattern: uint16_t bits for 16-bit data, uint32_t bits for 32-bit data.
template <class T, class U, GatherMaskMode mode = GatherMaskMode::VERSION_V1>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1Pattern,
                const bool reduceMode, const uint32_t mask, const GatherMaskParams& params, uint64_t& rsvdCnt,
                const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_GATHER_MASK_DTYPE(T);
  static_assert(std::is_same_v<U, std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>>,
                "GatherMask's src1Pattern must be a uint16_t tensor for 16-bit data and a uint32_t tensor for 32-bit data");
  rsvdCnt = ascendc_sim::rt::VecGatherMask(ascendc_sim::kDTypeOf<T>, dst.SimRef(), src0.SimRef(), src1Pattern.SimRef(),
                                           {true, 0, reduceMode, mask, params},
                                           ascendc_sim::MakeSite("GatherMask", location));
}

// Built-in patterns: 1 even, 2 odd, 3..6 index%4 == 0..3, 7 all elements.
template <class T, GatherMaskMode mode = GatherMaskMode::VERSION_V1>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern, const bool reduceMode,
                const uint32_t mask, const GatherMaskParams& params, uint64_t& rsvdCnt,
                const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_GATHER_MASK_DTYPE(T);
  rsvdCnt = ascendc_sim::rt::VecGatherMask(ascendc_sim::kDTypeOf<T>, dst.SimRef(), src0.SimRef(), {},
                                           {false, src1Pattern, reduceMode, mask, params},
                                           ascendc_sim::MakeSite("GatherMask", location));
}

}  // namespace AscendC
