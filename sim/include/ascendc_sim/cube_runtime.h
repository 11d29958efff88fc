// The runtime side of the cube data path: plain descriptions of each instruction that the
// kernel-facing templates (cube_copy.h, cube_load.h, cube_mmad.h, cube_fixpipe.h) hand to sim/src.
#pragma once
#include "ascendc_sim/runtime.h"

namespace ascendc_sim {

// DataCopy with Nd2NzParams, units as there.
struct Nd2NzShape {
  uint32_t ndNum = 0;
  uint32_t nValue = 0;
  uint32_t dValue = 0;
  uint32_t srcNdMatrixStride = 0;
  uint32_t srcDValue = 0;
  uint32_t dstNzC0Stride = 0;
  uint32_t dstNzNStride = 0;
  uint32_t dstNzMatrixStride = 0;
};

// LoadData (LoadData2DParams) or LoadDataWithTranspose (LoadData2dTransposeParams, `withTranspose`).
struct LoadShape {
  bool withTranspose = false;
  uint32_t startIndex = 0;
  uint32_t repeatTimes = 0;
  uint32_t srcStride = 0;
  uint32_t dstGap = 0;
  uint32_t dstFracGap = 0;
  bool ifTranspose = false;
  uint8_t addrMode = 0;
};

struct MmadShape {
  uint32_t m = 0;
  uint32_t n = 0;
  uint32_t k = 0;
  bool isBias = false;
  bool kDirectionAlign = false;
  bool cmatrixSource = false;
  bool cmatrixInitVal = true;
  uint8_t unitFlag = 0;
};

// Fixpipe (FixpipeParamsV220); `nzOutput` is CFG_NZ.
struct FixpipeShape {
  bool nzOutput = false;
  uint32_t nSize = 0;
  uint32_t mSize = 0;
  uint32_t srcStride = 0;
  uint32_t dstStride = 0;
  uint8_t quantPre = 0;
  uint64_t deqScalar = 0;
  uint32_t ndNum = 1;
  uint32_t srcNdStride = 0;
  uint32_t dstNdStride = 0;
  bool reluEn = false;
  uint8_t unitFlag = 0;
  bool channelSplit = false;
};

namespace rt {

// GM -> L1 (or UB) with ND -> NZ conversion.
void CopyNd2Nz(const LocalRef& dst, const GlobalRef& src, uint32_t elementBytes, const Nd2NzShape& shape, Site site);
// L1 -> bias table (C2) with DataCopyParams; converts srcType to dstType (half -> float).
void CopyToBiasTable(const LocalRef& dst, DType dstType, const LocalRef& src, DType srcType, const CopyShape& shape,
                     Site site);
// L1 -> L0A/L0B.
void LoadFractals(const LocalRef& dst, const LocalRef& src, DType type, const LoadShape& shape, Site site);
// C (L0C) = init + A (L0A) x B (L0B); `bias` may be null.
void Mmad(const LocalRef& c, DType cType, const LocalRef& a, const LocalRef& b, DType abType, const LocalRef* bias,
          DType biasType, const MmadShape& shape, Site site);
// L0C -> GM or L1 (or UB, which A2 lacks). `quantTable` (L1, one uint64_t per column) may be null.
void Fixpipe(const CopyEndpoint& dst, DType dstType, const LocalRef& src, DType srcType, const LocalRef* quantTable,
             const FixpipeShape& shape, Site site);

}  // namespace rt
}  // namespace ascendc_sim
