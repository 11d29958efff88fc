// Host-side size queries for SelectWithBytesMask's sharedTmpBuffer: the minimum holds one row's
// scratch, the maximum every row's (ascendc_sim/adv_api/tmp_space_sizes.h). The tensor source is
// whichever of src0Shape and src1Shape is not the scalar's {1}; its last axis is the row.
#pragma once
#include <cstdint>

#include "ascendc_sim/adv_api/tmp_space_sizes.h"
#include "graph/tensor.h"

namespace AscendC {

namespace select_with_bytes_mask_detail {
struct RowScratch {
  uint64_t rowBytes;
  uint64_t rows;
};
inline RowScratch ScratchOf(const ge::Shape& src0Shape, const ge::Shape& src1Shape, const ge::Shape& maskShape,
                            uint32_t maskTypeSize, bool isReuseMask) {
  const ge::Shape& source = src0Shape.GetShapeSize() > src1Shape.GetShapeSize() ? src0Shape : src1Shape;
  const size_t dims = source.GetDimNum();
  const uint32_t srcLastAxis = dims == 0 ? 0 : uint32_t(source.GetDim(dims - 1));
  const uint32_t maskLastAxis = maskShape.GetDimNum() == 0 ? 0 : uint32_t(maskShape.GetDim(maskShape.GetDimNum() - 1));
  const uint64_t rows = srcLastAxis == 0 ? 0 : uint64_t(source.GetShapeSize()) / srcLastAxis;
  return {ascendc_sim::SelectWithBytesMaskRowTmpBytes(srcLastAxis, maskLastAxis, maskTypeSize, isReuseMask), rows};
}
}  // namespace select_with_bytes_mask_detail

inline uint32_t GetSelectWithBytesMaskMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                                 const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                                 const uint32_t maskTypeSize, const bool isReuseMask) {
  (void)srcTypeSize;  // the scratch holds the mask only
  return uint32_t(
      select_with_bytes_mask_detail::ScratchOf(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask).rowBytes);
}

inline uint32_t GetSelectWithBytesMaskMaxTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                                 const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                                 const uint32_t maskTypeSize, const bool isReuseMask) {
  (void)srcTypeSize;
  const auto scratch =
      select_with_bytes_mask_detail::ScratchOf(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask);
  return uint32_t(scratch.rowBytes * scratch.rows);
}

inline void GetSelectWithBytesMaskMaxMinTmpSize(const ge::Shape& src0Shape, const ge::Shape& src1Shape,
                                                const uint32_t srcTypeSize, const ge::Shape& maskShape,
                                                const uint32_t maskTypeSize, const bool isReuseMask, uint32_t& maxValue,
                                                uint32_t& minValue) {
  maxValue = GetSelectWithBytesMaskMaxTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
  minValue = GetSelectWithBytesMaskMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
}

}  // namespace AscendC
