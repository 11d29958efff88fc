// Host-side SoftMax, SoftmaxGrad and SoftmaxFlashV2 tiling: optiling::SoftMaxTiling, the tiling-data
// class op_host code nests in its own (TILING_DATA_FIELD_DEF_STRUCT; the kernel reads it as
// kernel_tiling.h's SoftMaxTiling), the temporary-space queries and SoftMaxTilingFunc /
// SoftMaxGradTilingFunc / SoftMaxFlashV2TilingFunc. The simulated APIs work a pass of rows at a time
// in their temporary space (ascendc_sim/adv_api/tmp_space_sizes.h): the minimum holds one row, the
// maximum every row, and the tiling's splitM is how many rows localWorkSpaceSize holds.
#pragma once
#include <cstdint>

#include "ascendc_sim/adv_api/softmax_row_tiling.h"
#include "ascendc_sim/adv_api/tmp_space_sizes.h"
#include "ascendc_sim/host/tiling_data_binding.h"
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

// The tiling of `rows` worked `splitM` at a time; each row's reduction output is `outK` elements
// wide and its float scratch `reduceK`.
inline void FillRowTiling(const Rows& rows, uint32_t splitM, uint32_t outK, uint32_t reduceK,
                          optiling::SoftMaxTiling& tiling) {
  ascendc_sim::FillSoftMaxRowTiling(tiling, rows.m, rows.k, splitM, outK, reduceK);
  // The fields were written directly, not through their setters: pass them on to a SetDataPtr buffer.
  ascendc_sim::host::WriteTilingFieldThrough(&tiling, sizeof(tiling));
}

// How many rows of `rowTmpBytes` localWorkSpaceSize holds, at most all.
inline uint32_t RowsThatFit(const Rows& rows, uint64_t rowTmpBytes, uint32_t localWorkSpaceSize) {
  const uint64_t fit = rowTmpBytes == 0 ? 0 : localWorkSpaceSize / rowTmpBytes;
  return uint32_t(fit < rows.m ? fit : rows.m);
}

// The elements of one 32-byte block of a type `dataTypeSize` bytes wide.
inline uint32_t PerBlock(uint32_t dataTypeSize) { return dataTypeSize == 0 ? 0 : 32 / dataTypeSize; }
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
  const softmax_tiling_detail::Rows rows = softmax_tiling_detail::RowsOf(srcShape);
  softmax_tiling_detail::FillRowTiling(
      rows, softmax_tiling_detail::RowsThatFit(rows, ascendc_sim::SoftMaxRowTmpBytes(rows.k), localWorkSpaceSize),
      softmax_tiling_detail::PerBlock(dataTypeSize), softmax_tiling_detail::PerBlock(sizeof(float)), softmaxTiling);
}

// SoftmaxGrad's: dataTypeSize is the data's (half 2, float 4). isFront and isReuseSource do not
// change the simulator's figures.
inline uint32_t GetSoftMaxGradMinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                         const bool isReuseSource) {
  (void)isFront;
  (void)isReuseSource;
  return uint32_t(ascendc_sim::SoftmaxGradRowTmpBytes(softmax_tiling_detail::RowsOf(srcShape).k, dataTypeSize));
}

inline uint32_t GetSoftMaxGradMaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize, const bool isFront,
                                         const bool isReuseSource) {
  (void)isFront;
  (void)isReuseSource;
  const softmax_tiling_detail::Rows rows = softmax_tiling_detail::RowsOf(srcShape);
  return uint32_t(ascendc_sim::SoftmaxGradRowTmpBytes(rows.k, dataTypeSize) * rows.m);
}

// The isFront output, and so reduceK, is one 32-byte block of the data type per row. A
// localWorkSpaceSize below GetSoftMaxGradMinTmpSize gives splitM = 0, which the kernel reports.
inline void SoftMaxGradTilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize,
                                  const uint32_t localWorkSpaceSize, optiling::SoftMaxTiling& softmaxGradTiling,
                                  const bool isFront = false) {
  (void)isFront;
  const softmax_tiling_detail::Rows rows = softmax_tiling_detail::RowsOf(srcShape);
  const uint32_t perBlock = softmax_tiling_detail::PerBlock(dataTypeSize);
  softmax_tiling_detail::FillRowTiling(
      rows,
      softmax_tiling_detail::RowsThatFit(rows, ascendc_sim::SoftmaxGradRowTmpBytes(rows.k, dataTypeSize),
                                         localWorkSpaceSize),
      perBlock, perBlock, softmaxGradTiling);
}

// SoftmaxFlashV2's: dataTypeSize1 is the data's (half 2, float 4), dataTypeSize2 that of the max
// and sum tensors, whose 32-byte row blocks make outMaxK and reduceK. A pass shorter than the
// tensor is a whole number of 8 rows (see SoftmaxFlashV2SplitM). isUpdate, isBasicBlock and
// isFlashOutputBrc do not change the simulator's figures.
inline uint32_t GetSoftMaxFlashV2MinTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                            const uint32_t dataTypeSize2, const bool isUpdate,
                                            const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  (void)dataTypeSize2;
  (void)isUpdate;
  (void)isBasicBlock;
  (void)isFlashOutputBrc;
  return uint32_t(ascendc_sim::SoftmaxFlashV2RowTmpBytes(softmax_tiling_detail::RowsOf(srcShape).k, dataTypeSize1));
}

inline uint32_t GetSoftMaxFlashV2MaxTmpSize(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                            const uint32_t dataTypeSize2, const bool isUpdate,
                                            const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  (void)dataTypeSize2;
  (void)isUpdate;
  (void)isBasicBlock;
  (void)isFlashOutputBrc;
  const softmax_tiling_detail::Rows rows = softmax_tiling_detail::RowsOf(srcShape);
  return uint32_t(ascendc_sim::SoftmaxFlashV2RowTmpBytes(rows.k, dataTypeSize1) * rows.m);
}

// A localWorkSpaceSize (bytes) below GetSoftMaxFlashV2MinTmpSize gives splitM = 0, which the kernel
// reports.
inline void SoftMaxFlashV2TilingFunc(const ge::Shape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                     optiling::SoftMaxTiling& softmaxFlashTiling, const bool isUpdate,
                                     const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  (void)isUpdate;
  (void)isBasicBlock;
  (void)isFlashOutputBrc;
  const softmax_tiling_detail::Rows rows = softmax_tiling_detail::RowsOf(srcShape);
  const uint32_t splitM = ascendc_sim::SoftmaxFlashV2SplitM(
      rows.m, ascendc_sim::SoftmaxFlashV2RowTmpBytes(rows.k, dataTypeSize1), localWorkSpaceSize);
  const uint32_t perBlock = softmax_tiling_detail::PerBlock(dataTypeSize2);
  softmax_tiling_detail::FillRowTiling(rows, splitM, perBlock, perBlock, softmaxFlashTiling);
}

}  // namespace AscendC
