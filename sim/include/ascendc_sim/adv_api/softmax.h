// SoftMax (CANN adv_api/activation/softmax.h), ND format: src [srcM, srcK] (srcK a whole number of
// 32-byte blocks) row by row: max = the row's maximum, e = exp(x - max), sum = the sum of e,
// dst = e / sum. Only the first oriSrcK columns (the data before the row's padding) enter max and
// sum. The sum and max outputs hold each row's value repeated over one 32-byte block. Computed in
// float and rounded once to each output's type, like the NPU, which casts half to float first;
// charged as the Cast, ReduceMax, Brcb, Sub, Exp, ReduceSum, Brcb and Div passes that stands for.
// The shape is softmaxShapeInfo's, else the source tensor's ShapeInfo, else the tiling's. A form without a
// sharedTmpBuffer works in the UB the TPipe left free; either must hold the rows one pass takes
// (the tiling's splitM, or one row when the shape is not the tiling's), see tmp_space_sizes.h.
#pragma once
#include <source_location>

#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"
#include "kernel_tiling/kernel_tiling.h"

namespace AscendC {

struct SoftMaxShapeInfo {
  uint32_t srcM = 0;
  uint32_t srcK = 0;
  uint32_t oriSrcM = 0;
  uint32_t oriSrcK = 0;
};

// How the outputs of a row's reductions are laid out: repeated over a 32-byte block per row, or
// (SOFTMAX_OUTPUT_WITHOUT_BRC, not simulated) one value per row.
enum class SoftmaxMode : uint8_t { SOFTMAX_NORMAL = 0, SOFTMAX_OUTPUT_WITHOUT_BRC };

// isCheckTiling: the API checks the shape against the tiling's and tiles anew when they differ;
// without it the tiling is taken as it is.
struct SoftmaxConfig {
  bool isCheckTiling = true;
  uint32_t oriSrcM = 0;
  uint32_t oriSrcK = 0;
  SoftmaxMode mode = SoftmaxMode::SOFTMAX_NORMAL;
};
inline constexpr SoftmaxConfig SOFTMAX_DEFAULT_CFG = {true, 0, 0, SoftmaxMode::SOFTMAX_NORMAL};

}  // namespace AscendC

namespace ascendc_sim {

// The tensors of one SoftMax call; sum, max and tmp are null when the form has none.
struct SoftMaxOperands {
  DType type = DType::kFloat;
  DType reduceType = DType::kFloat;  // of sum and max
  LocalRef dst;
  LocalRef src;
  const LocalRef* sum = nullptr;
  const LocalRef* max = nullptr;
  const LocalRef* tmp = nullptr;
};

namespace rt {
// The shape a SoftMax-family call works on: softmaxShapeInfo's, else, as CANN, the source tensor's
// SetShapeInfo (its last axis the row, the other axes the rows; oriSrcK from its original shape),
// else all zeros, for the tiling's shape.
AscendC::SoftMaxShapeInfo SoftMaxCallShape(const AscendC::SoftMaxShapeInfo& shapeInfo,
                                           const AscendC::ShapeInfo& srcShape);
void SoftMax(const SoftMaxOperands& operands, const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& shapeInfo,
             Site site);
}  // namespace rt

template <class T, class U, bool isDataFormatNZ>
void SoftMaxCall(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>* sum,
                 const AscendC::LocalTensor<U>* max, const AscendC::LocalTensor<T>& src,
                 const AscendC::LocalTensor<uint8_t>* sharedTmpBuffer, const SoftMaxTiling& tiling,
                 const AscendC::SoftMaxShapeInfo& shapeInfo, const std::source_location& location) {
  ASCENDC_SIM_CHECK_DTYPE("SoftMax", T, half, float);
  static_assert(!isDataFormatNZ, "SoftMax on NZ-format data is not simulated; only ND");
  SoftMaxOperands operands{kDTypeOf<T>, kDTypeOf<U>, dst.SimRef(), src.SimRef()};
  LocalRef sumRef, maxRef, tmpRef;
  if (sum) {
    sumRef = sum->SimRef();
    maxRef = max->SimRef();
    operands.sum = &sumRef;
    operands.max = &maxRef;
  }
  if (sharedTmpBuffer) {
    tmpRef = sharedTmpBuffer->SimRef();
    operands.tmp = &tmpRef;
  }
  rt::SoftMax(operands, tiling, rt::SoftMaxCallShape(shapeInfo, src.GetShapeInfo()), MakeSite("SoftMax", location));
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
             const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {},
             const std::source_location location = std::source_location::current()) {
  ascendc_sim::SoftMaxCall<T, T, isDataFormatNZ>(dstTensor, &sumTensor, &maxTensor, srcTensor, nullptr, tiling,
                                                 softmaxShapeInfo, location);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
             const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {},
             const std::source_location location = std::source_location::current()) {
  ascendc_sim::SoftMaxCall<T, T, isDataFormatNZ>(dstTensor, &sumTensor, &maxTensor, srcTensor, &sharedTmpBuffer, tiling,
                                                 softmaxShapeInfo, location);
}

// half data with float sum and max.
template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
             const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {},
             const std::source_location location = std::source_location::current()) {
  ascendc_sim::SoftMaxCall<half, float, isDataFormatNZ>(dstTensor, &sumTensor, &maxTensor, srcTensor, nullptr, tiling,
                                                        softmaxShapeInfo, location);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
             const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {},
             const std::source_location location = std::source_location::current()) {
  ascendc_sim::SoftMaxCall<half, float, isDataFormatNZ>(dstTensor, &sumTensor, &maxTensor, srcTensor, &sharedTmpBuffer,
                                                        tiling, softmaxShapeInfo, location);
}

// Without sum and max outputs.
template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {},
             const std::source_location location = std::source_location::current()) {
  ascendc_sim::SoftMaxCall<T, T, false>(dstTensor, nullptr, nullptr, srcTensor, nullptr, tiling, softmaxShapeInfo,
                                        location);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {},
             const std::source_location location = std::source_location::current()) {
  ascendc_sim::SoftMaxCall<T, T, false>(dstTensor, nullptr, nullptr, srcTensor, &sharedTmpBuffer, tiling,
                                        softmaxShapeInfo, location);
}

}  // namespace AscendC
