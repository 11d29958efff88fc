// SoftmaxGrad and SoftmaxGradFront (CANN adv_api/activation/softmaxgrad.h), ND format: src is the
// softmax output y and grad its gradient dy, both [srcM, srcK] (srcK a whole number of 32-byte
// blocks). Row by row, sum = the sum of grad * src over the first oriSrcK columns (the data before
// the row's padding); then dst = (grad - sum) * src, or, with isFront (and for SoftmaxGradFront),
// dst = the sums alone, each row's repeated over one 32-byte block ([srcM, 32 / sizeof(T)]).
// Computed in float and rounded once to T, like the NPU, which casts half to float first; charged
// as the Cast, Mul, ReduceSum, Brcb, Sub and Mul passes that stands for. The shape is
// softmaxShapeInfo's, else the source tensor's ShapeInfo, else the tiling's. A form without a sharedTmpBuffer works
// in the UB the TPipe left free; either must hold the rows one pass takes (the tiling's splitM, or
// one row when the shape is not the tiling's), see tmp_space_sizes.h.
#pragma once
#include <source_location>

#include "ascendc_sim/adv_api/softmax.h"

namespace ascendc_sim {

// The tensors of one SoftmaxGrad call; tmp is null when the form has none.
struct SoftmaxGradOperands {
  DType type = DType::kFloat;
  LocalRef dst;
  LocalRef grad;
  LocalRef src;
  const LocalRef* tmp = nullptr;
};

namespace rt {
void SoftmaxGrad(const SoftmaxGradOperands& operands, const SoftMaxTiling& tiling, bool isFront,
                 const AscendC::SoftMaxShapeInfo& shapeInfo, Site site);
}  // namespace rt

template <class T, bool isDataFormatNZ>
void SoftmaxGradCall(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& grad,
                     const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<uint8_t>* sharedTmpBuffer,
                     const SoftMaxTiling& tiling, bool isFront, const AscendC::SoftMaxShapeInfo& shapeInfo,
                     const std::source_location& location) {
  ASCENDC_SIM_CHECK_DTYPE("SoftmaxGrad", T, half, float);
  static_assert(!isDataFormatNZ, "SoftmaxGrad on NZ-format data is not simulated; only ND");
  SoftmaxGradOperands operands{kDTypeOf<T>, dst.SimRef(), grad.SimRef(), src.SimRef()};
  LocalRef tmpRef;
  if (sharedTmpBuffer) {
    tmpRef = sharedTmpBuffer->SimRef();
    operands.tmp = &tmpRef;
  }
  rt::SoftmaxGrad(operands, tiling, isFront, rt::SoftMaxCallShape(shapeInfo, src.GetShapeInfo()),
                  MakeSite(api, location));
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor, const LocalTensor<T>& srcTensor,
                 const SoftMaxTiling& tiling, bool isFront = false, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                 const std::source_location location = std::source_location::current()) {
  ascendc_sim::SoftmaxGradCall<T, isDataFormatNZ>("SoftmaxGrad", dstTensor, gradTensor, srcTensor, nullptr, tiling,
                                                  isFront, softmaxShapeInfo, location);
}

template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling, bool isFront = false,
                 const SoftMaxShapeInfo& softmaxShapeInfo = {},
                 const std::source_location location = std::source_location::current()) {
  ascendc_sim::SoftmaxGradCall<T, isDataFormatNZ>("SoftmaxGrad", dstTensor, gradTensor, srcTensor, &sharedTmpBuffer,
                                                  tiling, isFront, softmaxShapeInfo, location);
}

// SoftmaxGrad with isFront; isBasicBlock only picks a faster instruction sequence on the NPU.
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftmaxGradFront(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                      const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
                      const SoftMaxShapeInfo& softmaxShapeInfo = {},
                      const std::source_location location = std::source_location::current()) {
  ascendc_sim::SoftmaxGradCall<T, isDataFormatNZ>("SoftmaxGradFront", dstTensor, gradTensor, srcTensor, nullptr, tiling,
                                                  true, softmaxShapeInfo, location);
}

template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftmaxGradFront(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                      const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                      const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                      const std::source_location location = std::source_location::current()) {
  ascendc_sim::SoftmaxGradCall<T, isDataFormatNZ>("SoftmaxGradFront", dstTensor, gradTensor, srcTensor,
                                                  &sharedTmpBuffer, tiling, true, softmaxShapeInfo, location);
}

}  // namespace AscendC
