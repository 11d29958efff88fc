// SoftmaxFlashV2 (CANN adv_api/activation/softmaxflashv2.h), the online softmax of
// FlashAttention-2, ND format: src [srcM, srcK] (srcK a whole number of 32-byte blocks) row by row,
// max and sum over the first oriSrcK columns (the data before the row's padding).
//   isUpdate false: max = rowmax(x), dst = exp(x - max), sum = rowsum(dst).
//   isUpdate true:  max = max(inMax, rowmax(x)), dst = exp(x - max), expMax = exp(inMax - max),
//                   sum = expMax * inSum + rowsum(dst).
// max, sum, inMax and inSum hold each row's value repeated over one 32-byte block ([srcM, 8] for
// float, [srcM, 16] for half), and so does expMax in the data's type; expMax is written only with
// isUpdate. dst may be src, max inMax and sum inSum; no other operands may overlap, nor the
// sharedTmpBuffer any of them. Computed in float and rounded once to each output's type, like the
// NPU, which casts half to float first; charged as the vector passes that stands for.
// The shape is softmaxShapeInfo's, else the source tensor's ShapeInfo, else the tiling's. With
// config.isCheckTiling (the default) a shape that is not the tiling's is tiled anew, one row a pass
// in the simulator; without it the tiling must describe the shape. A form without a sharedTmpBuffer
// works in the UB the TPipe left free; either must hold the rows one pass takes, see
// SoftmaxFlashV2RowTmpBytes in tmp_space_sizes.h.
#pragma once
#include <source_location>

#include "ascendc_sim/adv_api/softmax.h"
#include "ascendc_sim/adv_api/softmax_row_tiling.h"
#include "ascendc_sim/adv_api/tmp_space_sizes.h"

namespace ascendc_sim {

// The tensors of one SoftmaxFlashV2 call; tmp is null for the forms without a sharedTmpBuffer.
struct SoftmaxFlashV2Operands {
  DType type = DType::kFloat;        // of dst, src and expMax
  DType reduceType = DType::kFloat;  // of sum, max, inSum and inMax
  LocalRef dst;
  LocalRef sum;
  LocalRef max;
  LocalRef src;
  LocalRef expMax;
  LocalRef inSum;
  LocalRef inMax;
  const LocalRef* tmp = nullptr;
};

struct SoftmaxFlashV2Options {
  bool isUpdate = false;
  bool isBasicBlock = false;
  bool isCheckTiling = true;
};

namespace rt {
void SoftmaxFlashV2(const SoftmaxFlashV2Operands& operands, const SoftMaxTiling& tiling,
                    const AscendC::SoftMaxShapeInfo& shapeInfo, const SoftmaxFlashV2Options& options, Site site);
}  // namespace rt

template <class T, class U, bool isUpdate, bool isBasicBlock, bool isDataFormatNZ, const AscendC::SoftmaxConfig& config>
void SoftmaxFlashV2Call(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& sum,
                        const AscendC::LocalTensor<U>& max, const AscendC::LocalTensor<T>& src,
                        const AscendC::LocalTensor<T>& expMax, const AscendC::LocalTensor<U>& inSum,
                        const AscendC::LocalTensor<U>& inMax, const AscendC::LocalTensor<uint8_t>* sharedTmpBuffer,
                        const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& shapeInfo,
                        const std::source_location& location) {
  ASCENDC_SIM_CHECK_DTYPE("SoftmaxFlashV2", T, half, float);
  static_assert(!isDataFormatNZ, "SoftmaxFlashV2 on NZ-format data is not simulated; only ND");
  static_assert(config.mode == AscendC::SoftmaxMode::SOFTMAX_NORMAL,
                "SoftmaxFlashV2 with SoftmaxMode::SOFTMAX_OUTPUT_WITHOUT_BRC is not simulated; only SOFTMAX_NORMAL");
  SoftmaxFlashV2Operands operands{kDTypeOf<T>,  kDTypeOf<U>,     dst.SimRef(),   sum.SimRef(),  max.SimRef(),
                                  src.SimRef(), expMax.SimRef(), inSum.SimRef(), inMax.SimRef()};
  LocalRef tmpRef;
  if (sharedTmpBuffer) {
    tmpRef = sharedTmpBuffer->SimRef();
    operands.tmp = &tmpRef;
  }
  rt::SoftmaxFlashV2(operands, tiling, rt::SoftMaxCallShape(shapeInfo, src.GetShapeInfo()),
                     {isUpdate, isBasicBlock, config.isCheckTiling}, MakeSite("SoftmaxFlashV2", location));
}

}  // namespace ascendc_sim

namespace AscendC {

// The kernel-side tiling, for a shape the host's tiling did not know: localWorkSpaceSize counts the
// temporary space in floats. isDataFormatNZ and isFlashOutputBrc name forms the simulated API
// rejects; they do not change the tiling here.
constexpr SoftMaxTiling SoftMaxFlashV2TilingFuncImpl(const uint32_t srcM, const uint32_t srcK,
                                                     const uint32_t dataTypeSize1, const uint32_t dataTypeSize2,
                                                     const uint32_t localWorkSpaceSize, const bool isUpdate = false,
                                                     const bool isBasicBlock = false, const bool isDataFormatNZ = false,
                                                     const bool isFlashOutputBrc = false) {
  (void)isUpdate;
  (void)isBasicBlock;
  (void)isDataFormatNZ;
  (void)isFlashOutputBrc;
  const uint32_t splitM = ascendc_sim::SoftmaxFlashV2SplitM(
      srcM, ascendc_sim::SoftmaxFlashV2RowTmpBytes(srcK, dataTypeSize1), uint64_t(localWorkSpaceSize) * sizeof(float));
  const uint32_t perBlock = dataTypeSize2 == 0 ? 0 : 32 / dataTypeSize2;
  SoftMaxTiling tiling;
  ascendc_sim::FillSoftMaxRowTiling(tiling, srcM, srcK, splitM, perBlock, perBlock);
  return tiling;
}

// The same with the shape's srcM and srcK and localWorkSpaceSize in bytes.
constexpr SoftMaxTiling SoftMaxFlashV2TilingFunc(const SoftMaxShapeInfo& shapeInfo, const uint32_t dataTypeSize1,
                                                 const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                                 const bool isUpdate = false, const bool isBasicBlock = false,
                                                 const bool isDataFormatNZ = false,
                                                 const bool isFlashOutputBrc = false) {
  return SoftMaxFlashV2TilingFuncImpl(shapeInfo.srcM, shapeInfo.srcK, dataTypeSize1, dataTypeSize2,
                                      localWorkSpaceSize / sizeof(float), isUpdate, isBasicBlock, isDataFormatNZ,
                                      isFlashOutputBrc);
}

// isReuseSource is reserved in CANN; isBasicBlock asserts that srcM is a multiple of 8 and srcK of 64.
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor,
                    const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                    const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
                    const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {},
                    const std::source_location location = std::source_location::current()) {
  ascendc_sim::SoftmaxFlashV2Call<T, T, isUpdate, isBasicBlock, isDataFormatNZ, config>(
      dstTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor, inExpSumTensor, inMaxTensor, nullptr, tiling,
      softmaxShapeInfo, location);
}

template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor,
                    const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                    const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
                    const LocalTensor<T>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                    const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                    const std::source_location location = std::source_location::current()) {
  ascendc_sim::SoftmaxFlashV2Call<T, T, isUpdate, isBasicBlock, isDataFormatNZ, config>(
      dstTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor, inExpSumTensor, inMaxTensor, &sharedTmpBuffer,
      tiling, softmaxShapeInfo, location);
}

// half data (and expMax) with float sum and max.
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor,
                    const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                    const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                    const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {},
                    const std::source_location location = std::source_location::current()) {
  ascendc_sim::SoftmaxFlashV2Call<half, float, isUpdate, isBasicBlock, isDataFormatNZ, config>(
      dstTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor, inExpSumTensor, inMaxTensor, nullptr, tiling,
      softmaxShapeInfo, location);
}

template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor,
                    const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                    const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                    const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                    const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                    const std::source_location location = std::source_location::current()) {
  ascendc_sim::SoftmaxFlashV2Call<half, float, isUpdate, isBasicBlock, isDataFormatNZ, config>(
      dstTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor, inExpSumTensor, inMaxTensor, &sharedTmpBuffer,
      tiling, softmaxShapeInfo, location);
}

}  // namespace AscendC
