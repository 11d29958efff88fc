// Copy: a masked, strided UB-to-UB move on the vector unit (level 0 only, as in CANN).
#pragma once
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"
#include "ascendc_sim/vec_params.h"

namespace AscendC {

struct CopyRepeatParams {
  uint16_t dstStride = 1;
  uint16_t srcStride = 1;
  uint16_t dstRepeatSize = 8;
  uint16_t srcRepeatSize = 8;
  CopyRepeatParams() = default;
  CopyRepeatParams(uint16_t dstStrideIn, uint16_t srcStrideIn, uint16_t dstRepeatSizeIn, uint16_t srcRepeatSizeIn)
      : dstStride(dstStrideIn), srcStride(srcStrideIn), dstRepeatSize(dstRepeatSizeIn), srcRepeatSize(srcRepeatSizeIn) {}
};

template <class T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const ascendc_sim::MaskArg mask,
          const ascendc_sim::RepeatTimes repeatTimes, const CopyRepeatParams& params,
          const std::source_location location = std::source_location::current()) {
  ASCENDC_SIM_CHECK_DTYPE("Copy", T, half, bfloat16_t, int16_t, uint16_t, float, int32_t, uint32_t);
  const UnaryRepeatParams strides(params.dstStride, params.srcStride, uint8_t(params.dstRepeatSize),
                                  uint8_t(params.srcRepeatSize));
  ascendc_sim::rt::VecUnary(ascendc_sim::UnaryOp::kCopy, ascendc_sim::kDTypeOf<T>, dst.SimRef(), src.SimRef(),
                            ascendc_sim::WithStrides(mask, repeatTimes, isSetMask, strides),
                            ascendc_sim::MakeSite("Copy", location));
}

}  // namespace AscendC
