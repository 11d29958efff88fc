// The simulator's matmul tiling plan. Cores split [M, N] so the largest per-core block is smallest;
// within a core the base block starts from 128 x 256 x (128 bytes of K), CANN's common choice on
// A2, clipped to the core's shape and shrunk until L0A/L0B hold two K slices (double buffering) and
// L0C one base block; L1 then holds as many K slices of A and B, twice over, as fit.
#include <algorithm>

#include "tiling/matmul/matmul_tiling.h"

namespace matmul_tiling {
namespace {

constexpr int32_t kFractal = 16;         // M and N of one cube fractal
constexpr int32_t kFractalRowBytes = 32;  // K0 of one fractal, in bytes
constexpr int32_t kBaseKBytes = 128;
constexpr int32_t kMaxBaseM = 128;
constexpr int32_t kMaxBaseN = 256;
constexpr uint64_t kAccumulatorBytes = 4;  // L0C holds float or int32

int32_t CeilDiv(int32_t a, int32_t b) { return (a + b - 1) / b; }
int32_t AlignUp(int32_t a, int32_t b) { return CeilDiv(a, b) * b; }

int32_t ElementBytes(DataType type) {
  switch (type) {
    case DataType::DT_INT8:
    case DataType::DT_UINT8:
    case DataType::DT_INT4: return 1;
    case DataType::DT_FLOAT16:
    case DataType::DT_BF16:
    case DataType::DT_BFLOAT16:
    case DataType::DT_INT16:
    case DataType::DT_UINT16: return 2;
    default: return 4;
  }
}

bool Valid(const MatTilingType& type) { return type.type == CubeFormat::ND || type.type == CubeFormat::NZ; }

}  // namespace

MatmulApiTilingBase::MatmulApiTilingBase() : MatmulApiTilingBase(platform_ascendc::PlatformAscendC(nullptr)) {}

MatmulApiTilingBase::MatmulApiTilingBase(const platform_ascendc::PlatformAscendC& platform) {
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::L1, l1Bytes_);
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::L0_A, l0aBytes_);
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::L0_B, l0bBytes_);
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::L0_C, l0cBytes_);
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubBytes_);
}

int32_t MatmulApiTilingBase::SetAType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans) {
  aType_ = {pos, type, dataType, isTrans};
  return 0;
}
int32_t MatmulApiTilingBase::SetBType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans) {
  bType_ = {pos, type, dataType, isTrans};
  return 0;
}
int32_t MatmulApiTilingBase::SetCType(TPosition pos, CubeFormat type, DataType dataType) {
  cType_ = {pos, type, dataType, false};
  return 0;
}
int32_t MatmulApiTilingBase::SetBiasType(TPosition pos, CubeFormat type, DataType dataType) {
  biasType_ = {pos, type, dataType, false};
  return 0;
}
int32_t MatmulApiTilingBase::SetShape(int32_t m, int32_t n, int32_t k) {
  shapeM_ = m;
  shapeN_ = n;
  shapeK_ = k;
  return 0;
}
int32_t MatmulApiTilingBase::SetOrgShape(int32_t orgM, int32_t orgN, int32_t orgK) { return SetOrgShape(orgM, orgN, orgK, orgK); }
int32_t MatmulApiTilingBase::SetOrgShape(int32_t orgM, int32_t orgN, int32_t orgKa, int32_t orgKb) {
  if (orgM <= 0 || orgN <= 0 || orgKa <= 0 || orgKb <= 0) return -1;
  orgM_ = orgM;
  orgN_ = orgN;
  orgKa_ = orgKa;
  orgKb_ = orgKb;
  return 0;
}
int32_t MatmulApiTilingBase::EnableBias(bool isBias) { return SetBias(isBias); }
int32_t MatmulApiTilingBase::SetBias(bool isBias) {
  isBias_ = isBias;
  return 0;
}
int32_t MatmulApiTilingBase::SetFixSplit(int32_t baseM, int32_t baseN, int32_t baseK) {
  fixBaseM_ = baseM;
  fixBaseN_ = baseN;
  fixBaseK_ = baseK;
  return 0;
}
// -1 keeps the SoC's size of that memory.
int32_t MatmulApiTilingBase::SetBufferSpace(int32_t l1Size, int32_t l0CSize, int32_t ubSize, int32_t btSize) {
  (void)btSize;
  if (l1Size > 0) l1Bytes_ = std::min<uint64_t>(l1Bytes_, uint64_t(l1Size));
  if (l0CSize > 0) l0cBytes_ = std::min<uint64_t>(l0cBytes_, uint64_t(l0CSize));
  if (ubSize > 0) ubBytes_ = std::min<uint64_t>(ubBytes_, uint64_t(ubSize));
  return 0;
}
int32_t MatmulApiTilingBase::SetTraverse(MatrixTraverse traverse) {
  traverse_ = traverse;
  return 0;
}
int32_t MatmulApiTilingBase::SetMadType(MatrixMadType madType) { return madType == MatrixMadType::NORMAL ? 0 : -1; }

int64_t MatmulApiTilingBase::Plan(optiling::TCubeTiling& tiling, int32_t singleM, int32_t singleN, int32_t singleK,
                                  int32_t cores) {
  const int32_t m = orgM_ > 0 ? orgM_ : shapeM_, n = orgN_ > 0 ? orgN_ : shapeN_;
  const int32_t ka = orgKa_ > 0 ? orgKa_ : shapeK_, kb = orgKb_ > 0 ? orgKb_ : shapeK_;
  if (m <= 0 || n <= 0 || ka <= 0 || kb <= 0 || singleM <= 0 || singleN <= 0 || singleK <= 0) return -1;
  if (!Valid(aType_) || !Valid(bType_) || !Valid(cType_)) return -1;
  const int32_t element = ElementBytes(aType_.dataType);
  const int32_t k0 = kFractalRowBytes / element;
  baseM_ = fixBaseM_ > 0 ? fixBaseM_ : std::min(kMaxBaseM, AlignUp(singleM, kFractal));
  baseN_ = fixBaseN_ > 0 ? fixBaseN_ : std::min(kMaxBaseN, AlignUp(singleN, kFractal));
  baseK_ = fixBaseK_ > 0 ? fixBaseK_ : std::min(kBaseKBytes / element, AlignUp(singleK, k0));
  while (uint64_t(baseM_) * uint64_t(baseN_) * kAccumulatorBytes > l0cBytes_ && baseN_ > kFractal) baseN_ -= kFractal;
  const auto l0Slice = [&](int32_t rows) { return uint64_t(rows) * uint64_t(baseK_) * uint64_t(element) * 2; };
  while ((l0Slice(baseM_) > l0aBytes_ || l0Slice(baseN_) > l0bBytes_) && baseK_ > k0) baseK_ /= 2;

  int32_t stepK = CeilDiv(singleK, baseK_);
  const auto l1Bytes = [&](int32_t step) {
    return uint64_t(baseM_ + baseN_) * uint64_t(baseK_) * uint64_t(element) * uint64_t(step) * 2 +
           (isBias_ ? uint64_t(baseN_) * kAccumulatorBytes : 0);
  };
  while (l1Bytes(stepK) > l1Bytes_ && stepK > 1) stepK = CeilDiv(stepK, 2);
  if (l1Bytes(stepK) > l1Bytes_) return -1;

  tiling.set_usedCoreNum(cores);
  tiling.set_M(m);
  tiling.set_N(n);
  tiling.set_Ka(ka);
  tiling.set_Kb(kb);
  tiling.set_singleCoreM(singleM);
  tiling.set_singleCoreN(singleN);
  tiling.set_singleCoreK(singleK);
  tiling.set_baseM(baseM_);
  tiling.set_baseN(baseN_);
  tiling.set_baseK(baseK_);
  tiling.set_stepM(1);
  tiling.set_stepN(1);
  tiling.set_stepKa(stepK);
  tiling.set_stepKb(stepK);
  tiling.set_depthA1(stepK * 2);
  tiling.set_depthB1(stepK * 2);
  tiling.set_isBias(isBias_ ? 1 : 0);
  tiling.set_iterateOrder(traverse_ == MatrixTraverse::FIRSTN ? 1 : 0);
  tiling.set_shareL1Size(int32_t(l1Bytes(stepK)));
  tiling.set_shareL0CSize(baseM_ * baseN_ * int32_t(kAccumulatorBytes));
  tiling.set_dbL0A(2);
  tiling.set_dbL0B(2);
  tiling.set_dbL0C(uint64_t(baseM_) * uint64_t(baseN_) * kAccumulatorBytes * 2 <= l0cBytes_ ? 2 : 1);
  return 0;
}

int64_t MatmulApiTiling::GetTiling(optiling::TCubeTiling& tiling) {
  return Plan(tiling, shapeM_ > 0 ? shapeM_ : orgM_, shapeN_ > 0 ? shapeN_ : orgN_, shapeK_ > 0 ? shapeK_ : orgKa_, 1);
}

int32_t MultiCoreMatmulTiling::SetDim(int32_t dim) {
  if (dim <= 0) return -1;
  dim_ = dim;
  return 0;
}

int32_t MultiCoreMatmulTiling::SetSingleShape(int32_t singleM, int32_t singleN, int32_t singleK) {
  singleM_ = singleM;
  singleN_ = singleN;
  singleK_ = singleK;
  return 0;
}

int32_t MultiCoreMatmulTiling::GetSingleShape(int32_t& shapeM, int32_t& shapeN, int32_t& shapeK) {
  shapeM = singleCoreM_;
  shapeN = singleCoreN_;
  shapeK = singleCoreK_;
  return singleCoreM_ > 0 ? 0 : -1;
}

int32_t MultiCoreMatmulTiling::GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim) {
  dim = mDim_ * nDim_;
  mDim = mDim_;
  nDim = nDim_;
  return singleCoreM_ > 0 ? 0 : -1;
}

int64_t MultiCoreMatmulTiling::GetTiling(optiling::TCubeTiling& tiling) {
  const int32_t m = shapeM_ > 0 ? shapeM_ : orgM_, n = shapeN_ > 0 ? shapeN_ : orgN_, k = shapeK_ > 0 ? shapeK_ : orgKa_;
  if (m <= 0 || n <= 0 || k <= 0) return -1;
  if (singleM_ > 0 && singleN_ > 0) {
    singleCoreM_ = singleM_;
    singleCoreN_ = singleN_;
  } else {
    // The split whose largest block is smallest; fewer cores on a tie.
    int64_t best = -1;
    for (int32_t mDim = 1; mDim <= dim_; ++mDim) {
      const int32_t nDim = dim_ / mDim;
      const int32_t blockM = CeilDiv(m, mDim), blockN = CeilDiv(n, nDim);
      const int64_t work = int64_t(blockM) * blockN;
      const int64_t used = int64_t(CeilDiv(m, blockM)) * CeilDiv(n, blockN);
      if (best < 0 || work < best || (work == best && used < int64_t(mDim_) * nDim_)) {
        best = work;
        singleCoreM_ = blockM;
        singleCoreN_ = blockN;
        mDim_ = CeilDiv(m, blockM);
        nDim_ = CeilDiv(n, blockN);
      }
    }
  }
  singleCoreK_ = singleK_ > 0 ? singleK_ : k;
  mDim_ = CeilDiv(m, singleCoreM_);
  nDim_ = CeilDiv(n, singleCoreN_);
  return Plan(tiling, singleCoreM_, singleCoreN_, singleCoreK_, mDim_ * nDim_);
}

}  // namespace matmul_tiling
