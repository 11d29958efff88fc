// The Matmul high-level API (CANN lib/matmul_intf.h) as a vector core sees it. On an A2 the vector
// core is the client: REGIST_MATMUL_OBJ binds the object to the tiling, and each IterateAll or
// Iterate sends a request the block's cube core serves, reading A and B from GM and writing C back
// through the fixpipe. The simulator serves the request at once on the calling core, with the
// cube's numerics (products accumulated in float, or int32 for int8, rounded once on the way out)
// and its cost charged to that core's MTE2, cube and fixpipe pipes (instruction_record.h).
// Simulated: A, B and bias in GM, ND format; C to GM; IterateAll, Iterate/GetTensorC, bias,
// transposed A/B, atomic accumulation into C. Other positions and formats do not compile.
#pragma once
#include <source_location>
#include <type_traits>
#include <utility>

#include "ascendc_sim/adv_api/matmul_request.h"
#include "ascendc_sim/dtype.h"
#include "ascendc_sim/keywords.h"
#include "ascendc_sim/global_tensor.h"
#include "ascendc_sim/tpipe.h"
#include "kernel_tiling/kernel_tiling.h"

// CANN declares the matrix formats and the Matmul configs at global scope (lib/matrix/matmul/tiling.h):
// kernels name MatmulConfig, GetNormalConfig and CubeFormat unqualified. AscendC has them too.
enum class CubeFormat : uint8_t { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR };
enum class LayoutMode : uint8_t { NONE = 0, BSNGD, SBNGD, BNGS1S2, NORMAL };

// The matmul schedule a kernel selects. It changes how the cube stages data, not the result, so
// the simulator keeps only which schedule it is.
enum class MatmulConfigMode : uint8_t { CONFIG_NORM, CONFIG_MDL, CONFIG_SPECIALMDL, CONFIG_IBSHARE };
struct MatmulConfig {
  MatmulConfigMode mode = MatmulConfigMode::CONFIG_NORM;
};
inline constexpr MatmulConfig CFG_NORM{MatmulConfigMode::CONFIG_NORM};
inline constexpr MatmulConfig CFG_MDL{MatmulConfigMode::CONFIG_MDL};
inline constexpr MatmulConfig CFG_IBSHARE_NORM{MatmulConfigMode::CONFIG_IBSHARE};
// The knobs of GetNormalConfig: how batches are staged, which way the blocks are walked, and how
// the cube's products are scheduled. Like the rest of the config they leave the result unchanged.
enum class BatchMode : uint8_t { NONE = 0, BATCH_LESS_THAN_L1, BATCH_LARGE_THAN_L1, SINGLE_LARGE_THAN_L1 };
enum class IterateOrder : uint8_t { ORDER_M = 0, ORDER_N, UNDEF };
enum class ScheduleType : uint8_t { INNER_PRODUCT = 0, OUTER_PRODUCT };
constexpr MatmulConfig GetNormalConfig(bool intrinsicsLimit = false, bool batchLoop = false, bool isVecND2NZ = false,
                                       BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1, bool isMsgReuse = true,
                                       IterateOrder iterateOrder = IterateOrder::UNDEF,
                                       ScheduleType scheduleType = ScheduleType::INNER_PRODUCT, bool enUnitFlag = true,
                                       bool enableMixDualMaster = false) {
  (void)intrinsicsLimit, (void)batchLoop, (void)isVecND2NZ, (void)bmmMode, (void)isMsgReuse, (void)iterateOrder;
  (void)scheduleType, (void)enUnitFlag, (void)enableMixDualMaster;
  return CFG_NORM;
}
constexpr MatmulConfig GetMDLConfig() { return CFG_MDL; }

namespace AscendC {

using ::BatchMode;
using ::CFG_IBSHARE_NORM;
using ::CFG_MDL;
using ::CFG_NORM;
using ::CubeFormat;
using ::GetMDLConfig;
using ::GetNormalConfig;
using ::IterateOrder;
using ::LayoutMode;
using ::MatmulConfig;
using ::MatmulConfigMode;
using ::ScheduleType;

template <TPosition POSITION, CubeFormat FORMAT, class TYPE, bool ISTRANS = false, LayoutMode LAYOUT = LayoutMode::NONE,
          bool IBSHARE = false>
struct MatmulType {
  static constexpr TPosition pos = POSITION;
  static constexpr CubeFormat format = FORMAT;
  using T = TYPE;
  static constexpr bool isTrans = ISTRANS;
  static constexpr LayoutMode layout = LAYOUT;
  static constexpr bool ibShare = IBSHARE;
};

// User callbacks replacing the API's own copies (CANN's MatmulCallBackFunc); not simulated.
template <auto DataCopyOutPtr, auto CopyA1Ptr, auto CopyB1Ptr>
struct MatmulCallBackFunc {
  static constexpr bool kDefault = DataCopyOutPtr == nullptr && CopyA1Ptr == nullptr && CopyB1Ptr == nullptr;
};

}  // namespace AscendC

namespace ascendc_sim {


template <class A, class B, class C, class Bias, const auto& MM_CFG, class MM_CB>
class MatmulClient {
  using SrcAT = typename A::T;
  using SrcBT = typename B::T;
  using DstT = typename C::T;
  using BiasT = typename Bias::T;
  static_assert(A::pos == AscendC::TPosition::GM && B::pos == AscendC::TPosition::GM,
                "the simulator's Matmul takes A and B from GM (TPosition::GM)");
  static_assert(C::pos == AscendC::TPosition::GM, "the simulator's Matmul writes C to GM (TPosition::GM)");
  static_assert(A::format == AscendC::CubeFormat::ND && B::format == AscendC::CubeFormat::ND &&
                    C::format == AscendC::CubeFormat::ND,
                "the simulator's Matmul takes ND-format matrices");
  static_assert(std::is_same_v<SrcAT, SrcBT>, "Matmul needs A and B of one data type");
  ASCENDC_SIM_CHECK_DTYPE("Matmul", SrcAT, half, bfloat16_t, float, int8_t);
  static_assert(std::is_same_v<SrcAT, int8_t> ? kIsOneOf<DstT, int32_t, half, int8_t> : kIsOneOf<DstT, float, half, bfloat16_t>,
                "Matmul's C type must be float, half or bfloat16_t for float inputs, int32_t, half or int8_t for int8");
  static_assert(MM_CB::kDefault, "Matmul callbacks (MatmulCallBackFunc) are not simulated");

 public:
  void Init(const TCubeTiling* __restrict tiling, AscendC::TPipe* pipe = nullptr) {
    (void)pipe;
    if (tiling == nullptr) return;
    tiling_ = *tiling;
    hasTiling_ = true;
    orgM_ = tiling_.M;
    orgN_ = tiling_.N;
    orgKa_ = tiling_.Ka;
    orgKb_ = tiling_.Kb;
    singleM_ = tiling_.singleCoreM;
    singleN_ = tiling_.singleCoreN;
    singleK_ = tiling_.singleCoreK;
    hasBias_ = tiling_.isBias != 0;
  }
  void SetOrgShape(int orgM, int orgN, int orgK) { SetOrgShape(orgM, orgN, orgK, orgK); }
  void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0) {
    orgM_ = orgM;
    orgN_ = orgKc > 0 ? orgKc : orgN;
    orgBN_ = orgN;
    orgKa_ = orgKa;
    orgKb_ = orgKb;
  }
  void SetSingleShape(int singleM, int singleN, int singleK) {
    singleM_ = singleM;
    singleN_ = singleN;
    singleK_ = singleK;
  }
  void SetTail(int tailM = -1, int tailN = -1, int tailK = -1) {
    if (tailM > 0) singleM_ = tailM;
    if (tailN > 0) singleN_ = tailN;
    if (tailK > 0) singleK_ = tailK;
  }
  void SetTensorA(const AscendC::GlobalTensor<SrcAT>& gm, bool isTransposeA = false,
                  const std::source_location location = std::source_location::current()) {
    CheckTranspose(A::isTrans, isTransposeA, "SetTensorA", "A", location);
    a_ = gm.SimRef();
    transposeA_ = isTransposeA;
    hasA_ = true;
  }
  void SetTensorB(const AscendC::GlobalTensor<SrcBT>& gm, bool isTransposeB = false,
                  const std::source_location location = std::source_location::current()) {
    CheckTranspose(B::isTrans, isTransposeB, "SetTensorB", "B", location);
    b_ = gm.SimRef();
    transposeB_ = isTransposeB;
    hasB_ = true;
  }
  void SetBias(const AscendC::GlobalTensor<BiasT>& biasGlobal) {
    bias_ = biasGlobal.SimRef();
    hasBias_ = true;
  }
  void DisableBias() { hasBias_ = false; }
  void ClearBias() { hasBias_ = false; }
  void SetHF32(bool enableHF32 = false, int32_t transMode = 0,
               const std::source_location location = std::source_location::current()) {
    (void)transMode;
    if (enableHF32) rt::MatmulUsageError("SetHF32(true): the HF32 mode is not simulated", MakeSite("Matmul::SetHF32", location));
  }
  // UB scratch the NPU's Matmul converts formats in on the vector core (MatmulAdd's setTmpSpace
  // path); the simulated Matmul converts without it, so it is only taken.
  void SetLocalWorkspace(const AscendC::LocalTensor<uint8_t>& tmpBuffer) { (void)tmpBuffer; }
  void SetSubBlockIdx(uint8_t subBlockIdx) { subBlockIdx_ = subBlockIdx; }
  uint8_t GetSubBlockIdx() { return subBlockIdx_; }

  template <bool sync = true>
  void IterateAll(const AscendC::GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                  bool waitIterateAll = false, bool fakeMsg = false,
                  const std::source_location location = std::source_location::current()) {
    (void)enSequentialWrite;
    (void)waitIterateAll;
    (void)fakeMsg;
    const Site site = MakeSite("Matmul::IterateAll", location);
    MatmulRequest request = Request(site);
    request.c = gm.SimRef();
    request.atomic = enAtomic;
    rt::Matmul(request, site);
  }
  // An IterateAll<false> has already finished in the simulator; waiting returns at once.
  void WaitIterateAll() {}

  // Iterate computes the next baseM x baseN block of C (M first when the tiling's iterateOrder is 0,
  // else N first); GetTensorC writes it.
  template <bool sync = true>
  bool Iterate(bool enPartialSum = false, const std::source_location location = std::source_location::current()) {
    if (enPartialSum) rt::MatmulUsageError("Iterate(true), partial sums in L0C, is not simulated", MakeSite("Matmul::Iterate", location));
    const Site site = MakeSite("Matmul::Iterate", location);
    const MatmulRequest whole = Request(site);
    const int64_t baseM = tiling_.baseM > 0 ? tiling_.baseM : whole.m;
    const int64_t baseN = tiling_.baseN > 0 ? tiling_.baseN : whole.n;
    const int64_t blocksM = (whole.m + baseM - 1) / baseM, blocksN = (whole.n + baseN - 1) / baseN;
    if (iteration_ >= blocksM * blocksN) {
      iteration_ = 0;
      return false;
    }
    const bool mFirst = tiling_.iterateOrder == 0;
    blockM_ = mFirst ? iteration_ % blocksM : iteration_ / blocksN;
    blockN_ = mFirst ? iteration_ / blocksM : iteration_ % blocksN;
    baseM_ = baseM;
    baseN_ = baseN;
    ++iteration_;
    return true;
  }
  template <bool sync = true>
  void GetTensorC(const AscendC::GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                  const std::source_location location = std::source_location::current()) {
    const Site site = MakeSite("Matmul::GetTensorC", location);
    if (iteration_ == 0) rt::MatmulUsageError("GetTensorC without a block from Iterate", site);
    MatmulRequest request = Request(site);
    const int64_t rowBegin = blockM_ * baseM_, colBegin = blockN_ * baseN_;
    const int64_t rows = request.m - rowBegin < baseM_ ? request.m - rowBegin : baseM_;
    const int64_t cols = request.n - colBegin < baseN_ ? request.n - colBegin : baseN_;
    request.a.address += (transposeA_ ? rowBegin : rowBegin * request.lda) * int64_t(sizeof(SrcAT));
    request.b.address += (transposeB_ ? colBegin * request.ldb : colBegin) * int64_t(sizeof(SrcBT));
    if (request.hasBias) request.bias.address += colBegin * int64_t(sizeof(BiasT));
    request.c = gm.SimRef();
    if (enSequentialWrite) {
      request.ldc = baseN_;  // blocks are written one after another, each [baseM, baseN]
    } else {
      request.c.address += (rowBegin * request.ldc + colBegin) * int64_t(sizeof(DstT));
    }
    request.m = rows;
    request.n = cols;
    request.atomic = enAtomic;
    rt::Matmul(request, site);
  }
  void End() {
    hasA_ = hasB_ = false;
    iteration_ = 0;
  }

 private:
  static void CheckTranspose(bool allowed, bool requested, const char* api, const char* matrix,
                             const std::source_location& location) {
    if (requested && !allowed) rt::MatmulTransposeNotDeclared(matrix, MakeSite(api, location));
  }

  MatmulRequest Request(const Site& site) const {
    if (!hasTiling_) rt::MatmulUsageError("the Matmul object has no tiling: REGIST_MATMUL_OBJ(..., &tiling) first", site);
    if (!hasA_ || !hasB_) rt::MatmulUsageError("SetTensorA and SetTensorB must come before the matmul", site);
    MatmulRequest request{kDTypeOf<SrcAT>, kDTypeOf<SrcBT>, kDTypeOf<DstT>, kDTypeOf<BiasT>, a_, b_, {}, bias_};
    request.hasBias = hasBias_;
    request.transposeA = transposeA_;
    request.transposeB = transposeB_;
    request.m = singleM_;
    request.n = singleN_;
    request.k = singleK_;
    request.lda = transposeA_ ? orgM_ : orgKa_;
    request.ldb = transposeB_ ? orgKb_ : (orgBN_ > 0 ? orgBN_ : orgN_);
    request.ldc = orgN_;
    return request;
  }

  TCubeTiling tiling_{};
  bool hasTiling_ = false;
  int64_t orgM_ = 0, orgN_ = 0, orgBN_ = 0, orgKa_ = 0, orgKb_ = 0;
  int64_t singleM_ = 0, singleN_ = 0, singleK_ = 0;
  GlobalRef a_{}, b_{}, bias_{};
  bool hasA_ = false, hasB_ = false, hasBias_ = false;
  bool transposeA_ = false, transposeB_ = false;
  uint8_t subBlockIdx_ = 0;
  int64_t iteration_ = 0, blockM_ = 0, blockN_ = 0, baseM_ = 0, baseN_ = 0;
};

template <class... Rest>
void RegisterMatmuls(AscendC::TPipe*) {}

template <class MM, class... Rest>
void RegisterMatmuls(AscendC::TPipe* pipe, MM& matmul, const TCubeTiling* tiling, Rest&&... rest) {
  matmul.Init(tiling, pipe);
  RegisterMatmuls(pipe, std::forward<Rest>(rest)...);
}

}  // namespace ascendc_sim

namespace AscendC {

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>>
using Matmul = ascendc_sim::MatmulClient<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB>;

}  // namespace AscendC

namespace matmul = AscendC;

// REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm1, &tiling1[, mm2, &tiling2 ...]). On the cube
// core of a mixed launch CANN's macro becomes the Matmul server and then returns from the function
// it is in; the simulator serves each request on the vector core that sends it, so the cube core
// returns at once.
#define REGIST_CUBE_OBJ(tpipe, workspace, ...)                                                                     \
  do {                                                                                                             \
    if (::ascendc_sim::rt::OnCubeCore()) return;                                                                   \
    ::ascendc_sim::rt::MatmulCheckWorkspace(                                                                       \
        workspace, ::ascendc_sim::MakeSite("REGIST_MATMUL_OBJ", std::source_location::current()));                 \
    ::ascendc_sim::RegisterMatmuls(tpipe, __VA_ARGS__);                                                            \
  } while (0)
#define REGIST_MATMUL_OBJ REGIST_CUBE_OBJ
#define REGIST_MATMUL_OBJ_STATIC REGIST_CUBE_OBJ
