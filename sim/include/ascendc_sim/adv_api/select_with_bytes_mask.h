// SelectWithBytesMask (CANN adv_api/select): dst = mask == 0 ? src0 : src1, one mask element (not
// bit) per element, with one of src0/src1 a scalar. Shapes are [firstAxis, srcLastAxis] for the
// tensors and [firstAxis, maskLastAxis] for the mask, whose extra columns are ignored; both last
// axes fill whole 32-byte blocks, the mask's a multiple of 16 elements. The NPU cuts the mask to
// the source's columns (GatherMask), converts it to half (Cast), compares it with 0 (Compare) and
// selects (Select); the simulator charges those passes and checks sharedTmpBuffer against
// tmp_space_sizes.h.
#pragma once
#include <source_location>

#include "ascendc_sim/dtype.h"
#include "ascendc_sim/local_tensor.h"

namespace AscendC {

struct SelectWithBytesMaskShapeInfo {
  uint32_t firstAxis = 0;
  uint32_t srcLastAxis = 0;
  uint32_t maskLastAxis = 0;
};

}  // namespace AscendC

namespace ascendc_sim {

// The call's operands besides the tensors: which side the scalar takes and the shape.
struct BytesMaskSelection {
  bool scalarIsSrc0 = false;  // the scalar is taken where the mask is 0
  uint64_t scalarBits = 0;
  bool isReuseMask = true;
  AscendC::SelectWithBytesMaskShapeInfo shape;
};

namespace rt {
void SelectWithBytesMask(DType type, DType maskType, const LocalRef& dst, const LocalRef& src, const LocalRef& mask,
                         const LocalRef& tmp, const BytesMaskSelection& selection, Site site);
}  // namespace rt

template <class T, class U, bool isReuseMask>
void SelectWithBytesMaskCall(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, T scalar,
                             bool scalarIsSrc0, const AscendC::LocalTensor<U>& mask,
                             const AscendC::LocalTensor<uint8_t>& sharedTmpBuffer,
                             const AscendC::SelectWithBytesMaskShapeInfo& info, const std::source_location& location) {
  ASCENDC_SIM_CHECK_DTYPE("SelectWithBytesMask", T, half, float);
  ASCENDC_SIM_CHECK_DTYPE("SelectWithBytesMask (mask)", U, bool, uint8_t, int8_t, half, uint16_t, int16_t);
  const BytesMaskSelection selection{scalarIsSrc0, ScalarBits(scalar), isReuseMask, info};
  rt::SelectWithBytesMask(kDTypeOf<T>, kDTypeOf<U>, dst.SimRef(), src.SimRef(), mask.SimRef(), sharedTmpBuffer.SimRef(),
                          selection, MakeSite("SelectWithBytesMask", location));
}

}  // namespace ascendc_sim

namespace AscendC {

// src0 a tensor, src1 a scalar.
template <typename T, typename U, bool isReuseMask = true>
void SelectWithBytesMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, T src1, const LocalTensor<U>& mask,
                         const LocalTensor<uint8_t>& sharedTmpBuffer, const SelectWithBytesMaskShapeInfo& info,
                         const std::source_location location = std::source_location::current()) {
  ascendc_sim::SelectWithBytesMaskCall<T, U, isReuseMask>(dst, src0, src1, false, mask, sharedTmpBuffer, info,
                                                          location);
}

// src0 a scalar, src1 a tensor.
template <typename T, typename U, bool isReuseMask = true>
void SelectWithBytesMask(const LocalTensor<T>& dst, T src0, const LocalTensor<T>& src1, const LocalTensor<U>& mask,
                         const LocalTensor<uint8_t>& sharedTmpBuffer, const SelectWithBytesMaskShapeInfo& info,
                         const std::source_location location = std::source_location::current()) {
  ascendc_sim::SelectWithBytesMaskCall<T, U, isReuseMask>(dst, src1, src0, true, mask, sharedTmpBuffer, info, location);
}

}  // namespace AscendC
