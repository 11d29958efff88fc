// Mean (CANN adv_api/reduce/mean.h): dst[i] = the mean of the first n elements of row i of src,
// [outter, inner] with inner a whole number of 32-byte blocks and n <= inner. The sum is taken in
// accType (T, or float for half sources) in the vector unit's order (tree_sum.h), then multiplied
// by 1/n; the cost is the Cast, reduction and Muls passes that stands for. The form without a
// sharedTmpBuffer works in the UB the TPipe left free; both are checked against tmp_space_sizes.h.
#pragma once
#include <source_location>
#include <type_traits>

#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"

namespace AscendC {

struct MeanParams {
  uint32_t outter = 1;
  uint32_t inner = 0;
  uint32_t n = 0;
};

}  // namespace AscendC

namespace ascendc_sim {

namespace rt {
// `tmp` is null for the form that works in the free UB.
void Mean(DType type, DType accType, const LocalRef& dst, const LocalRef& src, const LocalRef* tmp,
          const AscendC::MeanParams& params, Site site);
}  // namespace rt

template <class T, class AccType, int32_t reduceDim>
void CheckMeanTemplate() {
  ASCENDC_SIM_CHECK_DTYPE("Mean", T, half, float);
  static_assert(std::is_same_v<AccType, T> || (std::is_same_v<T, half> && std::is_same_v<AccType, float>),
                "Mean accumulates in the source type, or in float for a half source");
  static_assert(reduceDim == -1, "Mean reduces the last axis only (reduceDim = -1)");
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, typename accType = T, bool isReuseSource = false, bool isBasicBlock = false,
          int32_t reduceDim = -1>
void Mean(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
          const MeanParams& meanParams, const std::source_location location = std::source_location::current()) {
  ascendc_sim::CheckMeanTemplate<T, accType, reduceDim>();
  const ascendc_sim::LocalRef tmp = sharedTmpBuffer.SimRef();
  ascendc_sim::rt::Mean(ascendc_sim::kDTypeOf<T>, ascendc_sim::kDTypeOf<accType>, dstTensor.SimRef(),
                        srcTensor.SimRef(), &tmp, meanParams, ascendc_sim::MakeSite("Mean", location));
}

template <typename T, typename accType = T, bool isReuseSource = false, bool isBasicBlock = false,
          int32_t reduceDim = -1>
void Mean(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const MeanParams& meanParams,
          const std::source_location location = std::source_location::current()) {
  ascendc_sim::CheckMeanTemplate<T, accType, reduceDim>();
  ascendc_sim::rt::Mean(ascendc_sim::kDTypeOf<T>, ascendc_sim::kDTypeOf<accType>, dstTensor.SimRef(),
                        srcTensor.SimRef(), nullptr, meanParams, ascendc_sim::MakeSite("Mean", location));
}

}  // namespace AscendC
