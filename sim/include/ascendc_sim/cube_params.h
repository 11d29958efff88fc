// Parameter structs and enums of the cube data path (GM -> L1 -> L0A/L0B -> Mmad -> L0C -> Fixpipe),
// with CANN 8.x's names, field order, defaults and constructor argument orders
// (basic_api/kernel_struct_data_copy.h, kernel_struct_mm.h, kernel_struct_fixpipe.h).
#pragma once
#include <cstdint>

// The fixpipe's quantisation modes are a CCE builtin enum, outside namespace AscendC: kernels write
// QuantMode_t::F322F16 anywhere. The order is the A2 Fixpipe documentation's.
enum QuantMode_t : uint8_t {
  NoQuant,       // no conversion: float -> float, int32_t -> int32_t
  F322F16,       // float -> half, round to nearest even
  F322BF16,      // float -> bfloat16_t, round to nearest even
  DEQF16,        // int32_t -> half, scalar scale (deqScalar)
  VDEQF16,       // int32_t -> half, one scale per column (tensor)
  QF322B8_PRE,   // float -> int8_t/uint8_t, scalar scale
  VQF322B8_PRE,  // float -> int8_t/uint8_t, tensor scale
  REQ8,          // int32_t -> int8_t/uint8_t, scalar scale
  VREQ8,         // int32_t -> int8_t/uint8_t, tensor scale
};

namespace AscendC {

// GM -> L1 with ND -> NZ conversion. Strides: srcNdMatrixStride and srcDValue in elements,
// dstNzC0Stride and dstNzNStride in 32-byte C0 blocks, dstNzMatrixStride in elements.
struct Nd2NzParams {
  Nd2NzParams() = default;
  Nd2NzParams(uint16_t ndNumIn, uint16_t nValueIn, uint16_t dValueIn, uint16_t srcNdMatrixStrideIn,
              uint16_t srcDValueIn, uint16_t dstNzC0StrideIn, uint16_t dstNzNStrideIn, uint16_t dstNzMatrixStrideIn)
      : ndNum(ndNumIn),
        nValue(nValueIn),
        dValue(dValueIn),
        srcNdMatrixStride(srcNdMatrixStrideIn),
        srcDValue(srcDValueIn),
        dstNzC0Stride(dstNzC0StrideIn),
        dstNzNStride(dstNzNStrideIn),
        dstNzMatrixStride(dstNzMatrixStrideIn) {}
  uint16_t ndNum = 0;
  uint16_t nValue = 0;
  uint16_t dValue = 0;
  uint16_t srcNdMatrixStride = 0;
  uint16_t srcDValue = 0;
  uint16_t dstNzC0Stride = 0;
  uint16_t dstNzNStride = 0;
  uint16_t dstNzMatrixStride = 0;
};

// L1 -> L0A/L0B, fractal (512 bytes) by fractal: startIndex and srcStride in fractals, dstGap in
// fractals between the end of one and the start of the next.
struct LoadData2DParams {
  LoadData2DParams() = default;
  LoadData2DParams(uint16_t startIndexIn, uint8_t repeatTimesIn, uint16_t srcStrideIn, uint8_t sidIn, uint16_t dstGapIn,
                   bool ifTransposeIn, uint8_t addrModeIn)
      : startIndex(startIndexIn),
        dstGap(dstGapIn),
        srcStride(srcStrideIn),
        ifTranspose(ifTransposeIn),
        repeatTimes(repeatTimesIn),
        sid(sidIn),
        addrMode(addrModeIn) {}
  uint16_t startIndex = 0;
  uint16_t dstGap = 0;
  uint16_t srcStride = 0;
  bool ifTranspose = false;
  uint8_t repeatTimes = 0;
  uint8_t sid = 0;
  uint8_t addrMode = 0;
};
using LoadData2dParams = LoadData2DParams;

// LoadDataWithTranspose: startIndex and srcStride count square blocks (32x32 bytes for b8, 16x16
// elements otherwise), dstGap and dstFracGap count 512-byte fractals.
struct LoadData2dTransposeParams {
  LoadData2dTransposeParams() = default;
  LoadData2dTransposeParams(uint16_t startIndexIn, uint8_t repeatTimesIn, uint16_t srcStrideIn, uint16_t dstGapIn,
                            uint16_t dstFracGapIn, uint8_t addrModeIn = 0)
      : startIndex(startIndexIn),
        repeatTimes(repeatTimesIn),
        srcStride(srcStrideIn),
        dstGap(dstGapIn),
        dstFracGap(dstFracGapIn),
        addrMode(addrModeIn) {}
  uint16_t startIndex = 0;
  uint8_t repeatTimes = 0;
  uint16_t srcStride = 0;
  uint16_t dstGap = 0;
  uint16_t dstFracGap = 0;
  uint8_t addrMode = 0;
};

struct MmadParams {
  MmadParams() = default;
  MmadParams(uint16_t mIn, uint16_t nIn, uint16_t kIn, bool isBiasIn, int32_t fmOffsetIn, bool enSsparseIn,
             bool enWinogradAIn, bool enWinogradBIn)
      : m(mIn),
        n(nIn),
        k(kIn),
        isBias(isBiasIn),
        fmOffset(fmOffsetIn),
        enSsparse(enSsparseIn),
        enWinogradA(enWinogradAIn),
        enWinogradB(enWinogradBIn) {}
  MmadParams(uint16_t mIn, uint16_t nIn, uint16_t kIn, uint8_t unitFlagIn, bool cmatrixSourceIn, bool cmatrixInitValIn)
      : m(mIn),
        n(nIn),
        k(kIn),
        unitFlag(unitFlagIn),
        cmatrixSource(cmatrixSourceIn),
        cmatrixInitVal(cmatrixInitValIn) {}
  uint16_t m = 0;
  uint16_t n = 0;
  uint16_t k = 0;
  bool isBias = false;  // deprecated: true accumulates onto L0C
  int32_t fmOffset = 0;
  bool enSsparse = false;
  bool enWinogradA = false;
  bool enWinogradB = false;
  uint8_t unitFlag = 0;
  bool kDirectionAlign = false;  // float: L0A rows hold ceil(K/16)*16 values instead of ceil(K/8)*8
  bool cmatrixSource = false;    // with cmatrixInitVal false: C starts from the bias table
  bool cmatrixInitVal = true;    // C starts from zero
  bool disableGemv = false;
  uint8_t fixShiftVal = 0;
};

// Fixpipe output layout: NZ kept, or NZ -> ND (row major).
enum class CO2Layout : uint8_t { NZ = 0, ROW_MAJOR, COLUMN_MAJOR };
struct FixpipeConfig {
  CO2Layout format;
  constexpr FixpipeConfig(CO2Layout formatIn) : format(formatIn) {}
};
inline constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ};
inline constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR};

// L0C -> GM or L1. srcStride: L0C rows (16 elements each) between column blocks; dstStride: ND row
// length in elements, or for NZ output 32-byte blocks between column blocks; srcNdStride in
// 16x16 L0C fractals, dstNdStride in elements.
struct FixpipeParamsV220 {
  FixpipeParamsV220() = default;
  FixpipeParamsV220(uint16_t nSizeIn, uint16_t mSizeIn, uint16_t srcStrideIn, uint32_t dstStrideIn, bool reluEnIn)
      : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn), reluEn(reluEnIn) {}
  FixpipeParamsV220(uint16_t nSizeIn, uint16_t mSizeIn, uint16_t srcStrideIn, uint32_t dstStrideIn, bool reluEnIn,
                    QuantMode_t quantPreIn, int64_t deqScalarIn, uint16_t ndNumIn, uint16_t srcNdStrideIn,
                    uint16_t dstNdStrideIn, uint8_t unitFlagIn, bool isChannelSplitIn = false)
      : nSize(nSizeIn),
        mSize(mSizeIn),
        srcStride(srcStrideIn),
        dstStride(dstStrideIn),
        quantPre(quantPreIn),
        deqScalar(uint64_t(deqScalarIn)),
        ndNum(ndNumIn),
        srcNdStride(srcNdStrideIn),
        dstNdStride(dstNdStrideIn),
        reluEn(reluEnIn),
        unitFlag(unitFlagIn),
        isChannelSplit(isChannelSplitIn) {}
  uint16_t nSize = 0;
  uint16_t mSize = 0;
  uint16_t srcStride = 0;
  uint32_t dstStride = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint64_t deqScalar = 0;
  uint16_t ndNum = 1;
  uint16_t srcNdStride = 0;
  uint16_t dstNdStride = 0;
  bool reluEn = false;
  uint8_t unitFlag = 0;
  bool isChannelSplit = false;
};

}  // namespace AscendC
