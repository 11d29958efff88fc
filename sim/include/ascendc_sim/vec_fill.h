// Fill APIs: Duplicate (scalar to every element), CreateVecIndex (first, first+1, ...), Brcb
// (each of 8 elements to its own 32-byte block) and Axpy (dst += scalar * src).
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/dtype.h"
#include "ascendc_sim/keywords.h"
#include "ascendc_sim/local_tensor.h"
#include "ascendc_sim/vec_binary.h"
#include "ascendc_sim/vec_params.h"

namespace AscendC {

// Field order follows CANN (dstRepStride before dstBlkStride); the constructor takes (blk, rep).
struct BrcbRepeatParams {
  uint32_t blockNumber = 8;
  uint16_t dstRepStride = 8;
  uint16_t dstBlkStride = 1;
  bool repeatStrideMode = false;
  bool strideSizeMode = false;
  BrcbRepeatParams() = default;
  BrcbRepeatParams(uint16_t dstBlk, uint16_t dstRep) : dstRepStride(dstRep), dstBlkStride(dstBlk) {}
};

template <class T, class U, bool isSetMask = true>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, const ascendc_sim::MaskArg mask,
          const ascendc_sim::RepeatTimes repeatTimes, const UnaryRepeatParams& params,
          const std::source_location location = std::source_location::current()) {
  using Pair = ascendc_sim::DTypePair<T, U>;
  using ascendc_sim::DTypePair;
  ASCENDC_SIM_CHECK_DTYPE("Axpy", Pair, DTypePair<half, half>, DTypePair<float, float>, DTypePair<float, half>);
  ascendc_sim::rt::VecMultiplyAccumulate(ascendc_sim::kDTypeOf<T>, ascendc_sim::kDTypeOf<U>, dst.SimRef(), src.SimRef(),
                                         nullptr, ascendc_sim::ScalarBits(scalarValue),
                                         ascendc_sim::WithStrides(mask, repeatTimes, isSetMask, params),
                                         ascendc_sim::MakeSite("Axpy", location));
}

}  // namespace AscendC

namespace ascendc_sim {
namespace rt {
void VecDuplicate(DType type, const LocalRef& dst, uint64_t scalarBits, const VecShape& shape, Site site);
void VecCreateIndex(DType type, const LocalRef& dst, uint64_t firstValueBits, const VecShape& shape, Site site);
// Brcb: repeat r reads src elements [8r, 8r+8) and fills block r*dstRepStride + j*dstBlkStride with element j.
void VecBroadcastToBlocks(DType type, const LocalRef& dst, const LocalRef& src, uint32_t repeatTimes,
                          uint16_t dstBlkStride, uint16_t dstRepStride, Site site);
}  // namespace rt

inline VecShape DuplicateShape(VecShape shape, uint16_t dstBlockStride, uint8_t dstRepeatStride) {
  shape.dstBlkStride = dstBlockStride;
  shape.dstRepStride = dstRepeatStride;
  return shape;
}

}  // namespace ascendc_sim

// The dtype tables: Duplicate and Brcb have no 8-bit or bool forms on A2.
#define ASCENDC_SIM_CHECK_FILL_DTYPE(api, T) \
  ASCENDC_SIM_CHECK_DTYPE(api, T, half, bfloat16_t, int16_t, uint16_t, int32_t, uint32_t, float)

// Duplicate's level-0 form, with the mask as bits or as a length.

namespace AscendC {

template <class T>
void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const int32_t& count,
               const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_FILL_DTYPE("Duplicate", T);
  ascendc_sim::rt::VecDuplicate(ascendc_sim::kDTypeOf<T>, dst.SimRef(), ascendc_sim::ScalarBits(scalarValue),
                                ascendc_sim::CountShape(count), ascendc_sim::MakeSite("Duplicate", location));
}
// The count form on a raw UB pointer (from GetPhyAddr()), CANN's implementation layer under Duplicate;
// the pointer stands for the live buffer it points into, up to that buffer's end.
template <class T>
void DuplicateImpl(__ubuf__ T* dstLocal, const T& scalarValue, const int32_t& count,
                   const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_FILL_DTYPE("Duplicate", T);
  const ascendc_sim::Site site = ascendc_sim::MakeSite("DuplicateImpl", location);
  ascendc_sim::rt::VecDuplicate(ascendc_sim::kDTypeOf<T>, ascendc_sim::rt::LocalAt(dstLocal, "dstLocal", site),
                                ascendc_sim::ScalarBits(scalarValue), ascendc_sim::CountShape(count), site);
}
template <class T, bool isSetMask = true>
void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const ascendc_sim::MaskArg mask,
               const ascendc_sim::RepeatTimes repeatTimes, const uint16_t dstBlockStride, const uint8_t dstRepeatStride,
               const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_FILL_DTYPE("Duplicate", T);
  ascendc_sim::rt::VecDuplicate(ascendc_sim::kDTypeOf<T>, dst.SimRef(), ascendc_sim::ScalarBits(scalarValue),
                                ascendc_sim::DuplicateShape(ascendc_sim::MaskShape(mask, repeatTimes, isSetMask),
                                                            dstBlockStride, dstRepeatStride),
                                ascendc_sim::MakeSite("Duplicate", location));
}

template <class T>
void CreateVecIndex(LocalTensor<T> dst, const T& firstValue, uint32_t calCount,
                    const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("CreateVecIndex", T, int16_t, half, int32_t, float);
  ascendc_sim::rt::VecCreateIndex(ascendc_sim::kDTypeOf<T>, dst.SimRef(), ascendc_sim::ScalarBits(firstValue),
                                  ascendc_sim::CountShape(calCount), ascendc_sim::MakeSite("CreateVecIndex", location));
}

// Level 0: lane l of repeat r holds firstValue + r * (256 / sizeof(T)) + l.
template <class T>
void CreateVecIndex(LocalTensor<T> dst, const T& firstValue, const ascendc_sim::MaskArg mask,
                    const ascendc_sim::RepeatTimes repeatTimes, uint16_t dstBlkStride, uint8_t dstRepStride,
                    const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("CreateVecIndex", T, int16_t, half, int32_t, float);
  ascendc_sim::VecShape shape = ascendc_sim::MaskShape(mask, repeatTimes, true);
  shape.dstBlkStride = dstBlkStride;
  shape.dstRepStride = dstRepStride;
  ascendc_sim::rt::VecCreateIndex(ascendc_sim::kDTypeOf<T>, dst.SimRef(), ascendc_sim::ScalarBits(firstValue), shape,
                                  ascendc_sim::MakeSite("CreateVecIndex", location));
}

template <class T>
void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const ascendc_sim::RepeatTimes repeatTimes,
          const BrcbRepeatParams& params, const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_FILL_DTYPE("Brcb", T);
  ascendc_sim::rt::VecBroadcastToBlocks(ascendc_sim::kDTypeOf<T>, dst.SimRef(), src.SimRef(), repeatTimes,
                                        params.dstBlkStride, params.dstRepStride,
                                        ascendc_sim::MakeSite("Brcb", location));
}

template <class T, class U>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, const int32_t& count,
          const std::source_location location = std::source_location::current()) {
  using Pair = ascendc_sim::DTypePair<T, U>;
  using ascendc_sim::DTypePair;
  ASCENDC_SIM_CHECK_DTYPE("Axpy", Pair, DTypePair<half, half>, DTypePair<float, float>, DTypePair<float, half>);
  ascendc_sim::rt::VecMultiplyAccumulate(ascendc_sim::kDTypeOf<T>, ascendc_sim::kDTypeOf<U>, dst.SimRef(), src.SimRef(),
                                         nullptr, ascendc_sim::ScalarBits(scalarValue), ascendc_sim::CountShape(count),
                                         ascendc_sim::MakeSite("Axpy", location));
}

}  // namespace AscendC

// CCE spelling of Duplicate's level-0 form on a raw UB pointer, under the mask register. The scalar
// source has no strides, so srcBlockStride and srcRepeatStride have no effect.
template <class T>
void vector_dup(__ubuf__ T* dst, std::type_identity_t<T> value, ascendc_sim::RepeatTimes repeat,
                uint16_t dstBlockStride, uint16_t srcBlockStride, uint8_t dstRepeatStride, uint8_t srcRepeatStride,
                const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_FILL_DTYPE("vector_dup", T);
  (void)srcBlockStride;
  (void)srcRepeatStride;
  const ascendc_sim::Site site = ascendc_sim::MakeSite("vector_dup", location);
  ascendc_sim::rt::VecDuplicate(
      ascendc_sim::kDTypeOf<T>, ascendc_sim::rt::LocalAt(dst, "dst", site), ascendc_sim::ScalarBits(T(value)),
      ascendc_sim::DuplicateShape(ascendc_sim::MaskRegisterShape(repeat), dstBlockStride, dstRepeatStride), site);
}
