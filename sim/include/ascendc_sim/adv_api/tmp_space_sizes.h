// The temporary space the simulated high-level APIs take, shared by their kernel-side checks (too
// small a buffer is a diagnostic) and the host-side size queries (GetSoftMaxMinTmpSize, ...). The
// figures are the simulator's own, from the vector passes each API stands for: every API works a
// row at a time, so its minimum holds one row's scratch and its maximum that of every row.
#pragma once
#include <cstdint>

namespace ascendc_sim {

constexpr uint64_t RoundUpToBlock(uint64_t bytes) { return (bytes + 31) / 32 * 32; }

// Two 32-byte blocks of floats, for a row's reductions.
constexpr uint64_t kTwoReduceBlockFloats = 2 * 8;

// SoftMax computes in float: a float row (the converted half input, then its exponentials) and two
// 32-byte blocks for the row's max and sum.
constexpr uint64_t SoftMaxRowTmpBytes(uint32_t srcK) {
  return (uint64_t(srcK) + kTwoReduceBlockFloats) * sizeof(float);
}

// SoftmaxFlashV2 computes in float too, but writes the exponentials straight to dst: float data
// needs no row of scratch, half data its row converted to float. Either needs two 32-byte blocks
// for the row's max and sum and one 256-byte repeat for the partial sums of its reductions.
constexpr uint64_t kRepeatFloats = 256 / sizeof(float);
constexpr uint64_t SoftmaxFlashV2RowTmpBytes(uint32_t srcK, uint32_t elementBytes) {
  const uint64_t floatRow = elementBytes == sizeof(float) ? 0 : srcK;
  return (floatRow + kTwoReduceBlockFloats + kRepeatFloats) * sizeof(float);
}

// The rows of `rowBytes` each that `workBytes` holds, at most m (0 when not one fits). Like CANN's
// SoftmaxFlashV2 tiling, a pass shorter than the tensor is kept to a whole number of 8 rows once it
// holds more than 8.
constexpr uint32_t SoftmaxFlashV2SplitM(uint32_t m, uint64_t rowBytes, uint64_t workBytes) {
  constexpr uint64_t kRowGroup = 8;
  uint64_t rows = rowBytes == 0 ? 0 : workBytes / rowBytes;
  if (rows < m && rows > kRowGroup) rows = rows / kRowGroup * kRowGroup;
  return uint32_t(rows < m ? rows : m);
}

// SoftmaxGrad computes in float: the row's products grad * src (for half data, after the source
// and grad rows converted to float) and two 32-byte blocks for the row sum's partial and final
// values. elementBytes is the data's (CANN's dataTypeSize); isFront needs the same.
constexpr uint64_t SoftmaxGradRowTmpBytes(uint32_t srcK, uint32_t elementBytes) {
  const uint64_t floatRows = elementBytes == sizeof(float) ? 1 : 3;
  return (floatRows * srcK + kTwoReduceBlockFloats) * sizeof(float);
}

// Mean: the row converted to accType when that differs from the source type, and the sums of its
// 256-byte repeats.
constexpr uint64_t MeanRowTmpBytes(uint32_t n, uint32_t srcTypeSize, uint32_t accTypeSize) {
  const uint64_t lanesPerRepeat = 256 / accTypeSize;
  const uint64_t partialSums = (n + lanesPerRepeat - 1) / lanesPerRepeat;
  const uint64_t converted = srcTypeSize == accTypeSize ? 0 : RoundUpToBlock(uint64_t(n) * accTypeSize);
  return converted + RoundUpToBlock(partialSums * accTypeSize);
}

// SelectWithBytesMask: the row's mask converted to half (Compare writes its bits over the start of
// it) and, when the mask row is longer than the source row and may not be reused, the mask row
// cut to the source's length.
constexpr uint64_t SelectWithBytesMaskRowTmpBytes(uint32_t srcLastAxis, uint32_t maskLastAxis, uint32_t maskTypeSize,
                                                  bool isReuseMask) {
  constexpr uint64_t kHalfBytes = 2;
  const bool cutsMask = maskLastAxis != srcLastAxis && !isReuseMask;
  return RoundUpToBlock(uint64_t(srcLastAxis) * kHalfBytes) +
         (cutsMask ? RoundUpToBlock(uint64_t(srcLastAxis) * maskTypeSize) : 0);
}

}  // namespace ascendc_sim
