// Host-side SoftMax tiling: optiling::SoftMaxTiling, the tiling-data class op_host code nests in
// its own (TILING_DATA_FIELD_DEF_STRUCT; the kernel reads it as kernel_tiling.h's SoftMaxTiling),
// the temporary-space queries and SoftMaxTilingFunc. The simulated SoftMax works a pass of rows at a
// time in its temporary space (ascendc_sim/adv_api/tmp_space_sizes.h): the minimum holds one row,
// the maximum every row, and the tiling's splitM is how many rows localWorkSpaceSize holds.
#pragma once
#include <cstdint>

#include "ascendc_sim/adv_api/tmp_space_sizes.h"
#include "graph/tensor.h"
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SoftMaxTiling)
TILING_DATA_FIELD_DEF(uint32_t, srcM);
TILING_DATA_FIELD_DEF(uint32_t, srcK);
TILING_DATA_FIELD_DEF(uint32_t, srcSize);
TILING_DATA_FIELD_DEF(uint32_t, outMaxM);
TILING_DATA_FIELD_DEF(uint32_t, outMaxK);
TILING_DATA_FIELD_DEF(uint32_t, outMaxSize);
TILING_DATA_FIELD_DEF(uint32_t, splitM);
TILING_DATA_FIELD_DEF(uint32_t, splitK);
TILING_DATA_FIELD_DEF(uint32_t, splitSize);
TILING_DATA_FIELD_DEF(uint32_t, reduceM);
TILING_DATA_FIELD_DEF(uint32_t, reduceK);
TILING_DATA_FIELD_DEF(uint32_t, reduceSize);
TILING_DATA_FIELD_DEF(uint32_t, rangeM);
TILING_DATA_FIELD_DEF(uint32_t, tailM);
TILING_DATA_FIELD_DEF(uint32_t, tailSplitSize);
TILING_DATA_FIELD_DEF(uint32_t, tailReduceSize);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {

namespace softmax_tiling_detail {
// [m, k]: every dimension but the last makes the rows.
struct Rows {
  uint32_t m;
  uint32_t k;
};
inline Rows RowsOf(const ge::Shape& srcShape) {
  const size_t dims = srcShape.GetDimNum();
  const uint32_t k = dims == 0 ? 0 : uint32_t(srcShape.GetDim(dims - 1));
  return {k == 0 ? 0 : uint32_t(srcShape.GetShapeSize() / k), k};
}
}  // namespace softmax_tiling_detail

// dataTypeSize is the byte size of the max and sum elements; the simulator's SoftMax computes in
// float whatever they are, so the sizes do not depend on it, nor on isReuseSource.
inline uint32_t GetSoftMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
  (void)dataTypeSize;
  (void)isReuseSource;
  return uint32_t(ascendc_sim::SoftMaxRowTmpBytes(softmax_tiling_detail::RowsOf(srcShape).k));
}

inline uint32_t GetSoftMaxMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
  (void)dataTypeSize;
  (void)isReuseSource;
  const softmax_tiling_detail::Rows rows = softmax_tiling_detail::RowsOf(srcShape);
  return uint32_t(ascendc_sim::SoftMaxRowTmpBytes(rows.k) * rows.m);
}

// A localWorkSpaceSize below GetSoftMaxMinTmpSize gives splitM = 0, which the kernel reports.
inline void SoftMaxTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                              optiling::SoftMaxTiling& softmaxTiling) {
  constexpr uint32_t kBlockBytes = 32;
  constexpr uint32_t kFloatsPerBlock = kBlockBytes / sizeof(float);
  const softmax_tiling_detail::Rows rows = softmax_tiling_detail::RowsOf(srcShape);
  const uint64_t fit = localWorkSpaceSize / ascendc_sim::SoftMaxRowTmpBytes(rows.k);
  const uint32_t splitM = uint32_t(fit < rows.m ? fit : rows.m);
  const uint32_t outMaxK = dataTypeSize == 0 ? 0 : kBlockBytes / dataTypeSize;
  softmaxTiling.set_srcM(rows.m);
  softmaxTiling.set_srcK(rows.k);
  softmaxTiling.set_srcSize(rows.m * rows.k);
  softmaxTiling.set_outMaxM(rows.m);
  softmaxTiling.set_outMaxK(outMaxK);
  softmaxTiling.set_outMaxSize(rows.m * outMaxK);
  softmaxTiling.set_splitM(splitM);
  softmaxTiling.set_splitK(rows.k);
  softmaxTiling.set_splitSize(splitM * rows.k);
  softmaxTiling.set_reduceM(splitM);
  softmaxTiling.set_reduceK(kFloatsPerBlock);
  softmaxTiling.set_reduceSize(splitM * kFloatsPerBlock);
  softmaxTiling.set_rangeM(splitM == 0 ? 0 : rows.m / splitM);
  softmaxTiling.set_tailM(splitM == 0 ? 0 : rows.m % splitM);
  softmaxTiling.set_tailSplitSize(softmaxTiling.get_tailM() * rows.k);
  softmaxTiling.set_tailReduceSize(softmaxTiling.get_tailM() * kFloatsPerBlock);
}

}  // namespace AscendC
