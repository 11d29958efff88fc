// Compare and CompareScalar: one result bit per element (little-endian bit order), level 2 into a
// uint8_t/int8_t tensor (also level 0); level 0 without a dst into the CMPMASK register that GetCmpMask/SetCmpMask expose and
// Select's VSEL_CMPMASK_SPR mode reads.
#pragma once
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/enums.h"
#include "ascendc_sim/local_tensor.h"
#include "ascendc_sim/vec_params.h"

namespace ascendc_sim::rt {
void VecCompare(uint8_t cmpMode, DType type, const LocalRef& dst, const LocalRef& src0, const LocalRef& src1,
                const VecShape& shape, Site site);
void VecCompareScalar(uint8_t cmpMode, DType type, const LocalRef& dst, const LocalRef& src0, uint64_t scalarBits,
                      const VecShape& shape, Site site);
void VecCompareToRegister(uint8_t cmpMode, DType type, const LocalRef& src0, const LocalRef& src1,
                          const VecShape& shape, Site site);
void GetCmpMask(const LocalRef& dst, Site site);
void SetCmpMask(const LocalRef& src, Site site);
}  // namespace ascendc_sim::rt

namespace AscendC {

// count*sizeof(T) must be a multiple of 256 bytes; int32_t supports only CMPMODE::EQ (checked at run time,
// as CANN's CPU-debug build does, because the mode is a run-time value).
template <class T, class U>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
             uint32_t count, const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("Compare", T, half, float, int32_t);
  ASCENDC_SIM_CHECK_DTYPE("Compare (dst)", U, uint8_t, int8_t);
  ascendc_sim::rt::VecCompare(uint8_t(cmpMode), ascendc_sim::kDTypeOf<T>, dst.SimRef(), src0.SimRef(), src1.SimRef(),
                              ascendc_sim::CountShape(count), ascendc_sim::MakeSite("Compare", location));
}

// Level 0 into a tensor: each repeat writes 256/sizeof(T) result bits after the previous repeat's.
template <class T, class U, bool isSetMask = true>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
             const ascendc_sim::MaskArg mask, const ascendc_sim::RepeatTimes repeatTimes,
             const BinaryRepeatParams& params, const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("Compare", T, half, float, int32_t);
  ASCENDC_SIM_CHECK_DTYPE("Compare (dst)", U, uint8_t, int8_t);
  ascendc_sim::rt::VecCompare(uint8_t(cmpMode), ascendc_sim::kDTypeOf<T>, dst.SimRef(), src0.SimRef(), src1.SimRef(),
                              ascendc_sim::WithStrides(mask, repeatTimes, isSetMask, params),
                              ascendc_sim::MakeSite("Compare", location));
}

// The scalar's type must be T exactly (T is deduced from src0 and the scalar), as in CANN.
template <class T, class U>
void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,
                   uint32_t count, const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("CompareScalar", T, half, float, int32_t);
  ASCENDC_SIM_CHECK_DTYPE("CompareScalar (dst)", U, uint8_t);
  ascendc_sim::rt::VecCompareScalar(uint8_t(cmpMode), ascendc_sim::kDTypeOf<T>, dst.SimRef(), src0.SimRef(),
                                    ascendc_sim::ScalarBits(src1Scalar), ascendc_sim::CountShape(count),
                                    ascendc_sim::MakeSite("CompareScalar", location));
}

// Level 0 writes the register: one repeat, mask bitwise or contiguous.
template <class T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode, const ascendc_sim::MaskArg mask,
             const BinaryRepeatParams& params, const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("Compare", T, half, float, int32_t);
  ascendc_sim::rt::VecCompareToRegister(uint8_t(cmpMode), ascendc_sim::kDTypeOf<T>, src0.SimRef(), src1.SimRef(),
                                        ascendc_sim::WithStrides(mask, 1, isSetMask, params),
                                        ascendc_sim::MakeSite("Compare", location));
}

// The CMPMASK register is 128 bits: GetCmpMask writes 16 bytes, SetCmpMask reads 16 bytes.
template <class T>
void GetCmpMask(const LocalTensor<T>& dst, const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::GetCmpMask(dst.SimRef(), ascendc_sim::MakeSite("GetCmpMask", location));
}
template <class T>
void SetCmpMask(const LocalTensor<T>& src, const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::SetCmpMask(src.SimRef(), ascendc_sim::MakeSite("SetCmpMask", location));
}

}  // namespace AscendC
