// Sum (CANN adv_api/reduce/sum.h): dst[i] = the sum of the first n elements of row i of src, an
// [outter, inner] matrix whose rows are whole 32-byte blocks (n <= inner). On A2 it is counter-mode
// RepeatReduceSum passes: the row's n elements to one tree sum per 256-byte repeat, the same over
// those partial sums, until one is left; the rounding and the cost are those instructions'. The
// partial sums go to sharedTmpBuffer, or to the stack buffer (PopStackBuffer) in the form without.
#pragma once
#include <source_location>

#include "ascendc_sim/dtype.h"
#include "ascendc_sim/stack_buffer.h"

namespace AscendC {

struct SumParams {
  uint32_t outter = 1;
  uint32_t inner = 0;
  uint32_t n = 0;
};

}  // namespace AscendC

namespace ascendc_sim {

namespace rt {
void Sum(DType type, const LocalRef& dst, const LocalRef& src, const LocalRef& tmp, const AscendC::SumParams& params,
         Site site);
}  // namespace rt

template <class T, int32_t reduceDim>
void SumCall(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const LocalRef& tmp,
             const AscendC::SumParams& params, const Site& site) {
  ASCENDC_SIM_CHECK_DTYPE("Sum", T, half, float);
  static_assert(reduceDim == -1, "Sum reduces the last axis only (reduceDim = -1)");
  rt::Sum(kDTypeOf<T>, dst.SimRef(), src.SimRef(), tmp, params, site);
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
         const SumParams& sumParams, const std::source_location location = std::source_location::current()) {
  ascendc_sim::SumCall<T, reduceDim>(dstTensor, srcTensor, sharedTmpBuffer.SimRef(), sumParams,
                                     ascendc_sim::MakeSite("Sum", location));
}

template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const SumParams& sumParams,
         const std::source_location location = std::source_location::current()) {
  const ascendc_sim::Site site = ascendc_sim::MakeSite("Sum", location);
  const TPipe* pipe = ::GetTPipePtr();
  const ascendc_sim::LocalRef stack =
      ascendc_sim::rt::PipeStackBuffer(pipe != nullptr ? pipe->SimHandle() : -1, uint8_t(TPosition::LCM), site);
  ascendc_sim::SumCall<T, reduceDim>(dstTensor, srcTensor, stack, sumParams, site);
}

}  // namespace AscendC
