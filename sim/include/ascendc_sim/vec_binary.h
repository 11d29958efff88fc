// Binary vector APIs (dst = src0 op src1): level 2 (count) and level 0 (mask, repeats, strides).
#pragma once
#include <type_traits>

#include "ascendc_sim/api_address.h"
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/keywords.h"
#include "ascendc_sim/local_tensor.h"
#include "ascendc_sim/vec_params.h"

// Declares one API in its two forms (count and level 0), each with its address form
// (api_address.h); the dtype table comes from CANN's A2 implementation.
#define ASCENDC_SIM_BINARY_API(Name, Op, ...)                                                                          \
  template <class T>                                                                                                   \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count,   \
            const std::source_location location = std::source_location::current()) {                                   \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, __VA_ARGS__);                                                                    \
    ascendc_sim::rt::VecBinary(ascendc_sim::BinaryOp::Op, ascendc_sim::kDTypeOf<T>, dst.SimRef(), src0.SimRef(),       \
                               src1.SimRef(), ascendc_sim::CountShape(count), ascendc_sim::MakeSite(#Name, location)); \
  }                                                                                                                    \
  template <class T, class Src1, ascendc_sim::IfAddressForm<Src1, LocalTensor<T>> = true>                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const Src1& src1, const int32_t& count) {           \
    Name<T>(dst, src0, src1, count, std::source_location::current());                                                  \
  }                                                                                                                    \
  template <class T, bool isSetMask = true, class Mask, class Repeat,                                                 \
            ascendc_sim::IfLevel0Operands<Mask, Repeat> = true>                                                        \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const Mask& mask,       \
            const Repeat& repeatTimes, const BinaryRepeatParams& params,                                               \
            const std::source_location location = std::source_location::current()) {                                  \
    ASCENDC_SIM_CHECK_DTYPE(#Name, T, __VA_ARGS__);                                                                    \
    ascendc_sim::rt::VecBinary(ascendc_sim::BinaryOp::Op, ascendc_sim::kDTypeOf<T>, dst.SimRef(), src0.SimRef(),       \
                               src1.SimRef(),                                                                          \
                               ascendc_sim::WithStrides(ascendc_sim::MaskArg(mask), ascendc_sim::RepeatTimes(repeatTimes), \
                                                        isSetMask, params),                                            \
                               ascendc_sim::MakeSite(#Name, location));                                                \
  }                                                                                                                    \
  template <class T, bool isSetMask = true, class Mask, class Repeat, class Params,                                    \
            ascendc_sim::IfLevel0AddressForm<Mask, Repeat, Params, BinaryRepeatParams> = true>                         \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, Mask mask,              \
            Repeat repeatTimes, const Params& params) {                                                                \
    Name<T, isSetMask>(dst, src0, src1, mask, repeatTimes, params, std::source_location::current());                   \
  }

namespace ascendc_sim {

// A (dst, src) dtype combination, for the tables of APIs whose operands may differ in type.
template <class Dst, class Src>
struct DTypePair {};

namespace rt {
// dst += src0 * src1, or dst += src0 * scalar when src1 is null, where dst may be wider than the
// sources (float += half * half); the product is formed in float and dst rounded once. In the count
// form the narrower sources advance by fewer blocks per repeat, as CANN's level-2 wrappers set.
void VecMultiplyAccumulate(DType dstType, DType srcType, const LocalRef& dst, const LocalRef& src0,
                           const LocalRef* src1, uint64_t scalarBits, const VecShape& shape, Site site);
}  // namespace rt
}  // namespace ascendc_sim

namespace AscendC {

ASCENDC_SIM_BINARY_API(Add, kAdd, half, float, int16_t, int32_t)
ASCENDC_SIM_BINARY_API(Sub, kSub, half, float, int16_t, int32_t)
ASCENDC_SIM_BINARY_API(Mul, kMul, half, float, int16_t, int32_t)
ASCENDC_SIM_BINARY_API(Max, kMax, half, float, int16_t, int32_t)
ASCENDC_SIM_BINARY_API(Min, kMin, half, float, int16_t, int32_t)
ASCENDC_SIM_BINARY_API(Div, kDiv, half, float)
ASCENDC_SIM_BINARY_API(And, kAnd, int16_t, uint16_t)
ASCENDC_SIM_BINARY_API(Or, kOr, int16_t, uint16_t)
ASCENDC_SIM_BINARY_API(AddRelu, kAddRelu, int16_t, half, float)
ASCENDC_SIM_BINARY_API(SubRelu, kSubRelu, int16_t, half, float)
ASCENDC_SIM_BINARY_API(FusedMulAdd, kFusedMulAdd, half, float)
ASCENDC_SIM_BINARY_API(FusedMulAddRelu, kFusedMulAddRelu, half, float)

// dst += src0 * src1; dst may be float with half sources.
template <class T, class U>
void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, const int32_t& count,
               const std::source_location location = std::source_location::current()) {
  using Pair = ascendc_sim::DTypePair<T, U>;
  using ascendc_sim::DTypePair;
  ASCENDC_SIM_CHECK_DTYPE("MulAddDst", Pair, DTypePair<half, half>, DTypePair<float, float>, DTypePair<float, half>);
  if constexpr (std::is_same_v<T, U>) {
    ascendc_sim::rt::VecBinary(ascendc_sim::BinaryOp::kMulAddDst, ascendc_sim::kDTypeOf<T>, dst.SimRef(), src0.SimRef(),
                               src1.SimRef(), ascendc_sim::CountShape(count),
                               ascendc_sim::MakeSite("MulAddDst", location));
  } else {
    ascendc_sim::rt::VecMultiplyAccumulate(ascendc_sim::kDTypeOf<T>, ascendc_sim::kDTypeOf<U>, dst.SimRef(),
                                           src0.SimRef(), &src1.SimRef(), 0, ascendc_sim::CountShape(count),
                                           ascendc_sim::MakeSite("MulAddDst", location));
  }
}

}  // namespace AscendC

// CCE spelling of Or on raw UB pointers (GetPhyAddr), under the mask register; each pointer stands
// for the live buffer it points into. The repeat is wider than CANN's uint8_t so an out-of-range
// value is reported instead of wrapped.
template <class T>
void vor(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, ascendc_sim::RepeatTimes repeat, uint8_t dstBlockStride,
         uint8_t src0BlockStride, uint8_t src1BlockStride, uint8_t dstRepeatStride, uint8_t src0RepeatStride,
         uint8_t src1RepeatStride, const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("vor", T, int16_t, uint16_t);
  const ascendc_sim::Site site = ascendc_sim::MakeSite("vor", location);
  ascendc_sim::VecShape shape = ascendc_sim::MaskRegisterShape(repeat);
  shape.dstBlkStride = dstBlockStride;
  shape.src0BlkStride = src0BlockStride;
  shape.src1BlkStride = src1BlockStride;
  shape.dstRepStride = dstRepeatStride;
  shape.src0RepStride = src0RepeatStride;
  shape.src1RepStride = src1RepeatStride;
  ascendc_sim::rt::VecBinary(ascendc_sim::BinaryOp::kOr, ascendc_sim::kDTypeOf<T>,
                             ascendc_sim::rt::LocalAt(dst, "dst", site), ascendc_sim::rt::LocalAt(src0, "src0", site),
                             ascendc_sim::rt::LocalAt(src1, "src1", site), shape, site);
}
