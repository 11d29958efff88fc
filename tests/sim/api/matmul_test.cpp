// The Matmul high-level API served on the calling vector core, and mixed (MIX_AIC_1_2) launches.
#include <gtest/gtest.h>

#include <cmath>

#include "kernel_test_support.h"
#include "launch_profile.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

namespace {

constexpr size_t kSystemWorkspaceBytes = size_t(16) << 20;

using HalfA = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using HalfBTransposable = MatmulType<TPosition::GM, CubeFormat::ND, half, true>;
using HalfB = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using FloatC = MatmulType<TPosition::GM, CubeFormat::ND, float>;
using FloatBias = MatmulType<TPosition::GM, CubeFormat::ND, float>;

// A [m, k] and B [k, n] (or B stored [n, k] when transposed) with values exact in half.
struct Problem {
  int m, n, k;
  bool transposeB;
  std::vector<half> a, b;
  std::vector<float> bias;

  Problem(int rows, int cols, int depth, bool transposed) : m(rows), n(cols), k(depth), transposeB(transposed) {
    for (float v : simtest::RandomFloats(size_t(m * k), -2.0f, 2.0f, 1)) a.push_back(half(v));
    for (float v : simtest::RandomFloats(size_t(k * n), -2.0f, 2.0f, 2)) b.push_back(half(v));
    bias = simtest::RandomFloats(size_t(n), -1.0f, 1.0f, 3);
  }
  float B(int kk, int j) const { return float(transposeB ? b[size_t(j * k + kk)] : b[size_t(kk * n + j)]); }
  // The exact product, for a tolerance check the simulator's rounding order must meet.
  double Expected(int i, int j, bool withBias) const {
    double sum = withBias ? bias[size_t(j)] : 0.0;
    for (int kk = 0; kk < k; ++kk) sum += double(float(a[size_t(i * k + kk)])) * B(kk, j);
    return sum;
  }
};

TCubeTiling TilingFor(const Problem& p, bool withBias) {
  TCubeTiling tiling{};
  tiling.usedCoreNum = 1;
  tiling.M = p.m;
  tiling.N = p.n;
  tiling.Ka = tiling.Kb = p.k;
  tiling.singleCoreM = p.m;
  tiling.singleCoreN = p.n;
  tiling.singleCoreK = p.k;
  tiling.baseM = 16;
  tiling.baseN = 32;
  tiling.baseK = 16;
  tiling.isBias = withBias;
  return tiling;
}

void ExpectProduct(const Problem& p, const std::vector<float>& c, bool withBias) {
  for (int i = 0; i < p.m; ++i) {
    for (int j = 0; j < p.n; ++j) {
      const double expected = p.Expected(i, j, withBias);
      EXPECT_NEAR(c[size_t(i * p.n + j)], expected, 1e-5 * (1.0 + std::fabs(expected))) << "C[" << i << ", " << j << "]";
    }
  }
}

// Runs IterateAll, or Iterate/GetTensorC block by block, on one core into a fresh C.
template <class BType>
simtest::LaunchOutcome RunMatmul(const Problem& p, bool withBias, bool blockwise, std::vector<float>& c,
                                 size_t workspaceBytes = kSystemWorkspaceBytes) {
  simtest::GmBuffer<half> a(p.a), b(p.b);
  simtest::GmBuffer<float> bias(p.bias), out(c);
  simtest::GmBuffer<uint8_t> workspace(workspaceBytes);
  const TCubeTiling tiling = TilingFor(p, withBias);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    Matmul<HalfA, BType, FloatC, FloatBias> mm;
    REGIST_MATMUL_OBJ(&pipe, workspace.addr(), mm, &tiling);
    GlobalTensor<half> aGm, bGm;
    GlobalTensor<float> biasGm, cGm;
    aGm.SetGlobalBuffer((__gm__ half*)a.addr());
    bGm.SetGlobalBuffer((__gm__ half*)b.addr());
    biasGm.SetGlobalBuffer((__gm__ float*)bias.addr());
    cGm.SetGlobalBuffer((__gm__ float*)out.addr());
    mm.SetTensorA(aGm);
    mm.SetTensorB(bGm, p.transposeB);
    if (withBias) mm.SetBias(biasGm);
    if (blockwise) {
      while (mm.Iterate()) mm.GetTensorC(cGm);
    } else {
      mm.IterateAll(cGm);
    }
    mm.End();
  });
  c = out.values();
  return outcome;
}

TEST(MatmulTest, IterateAllComputesTheProductOfHalfInputsInFloat) {
  const Problem p(20, 40, 50, false);
  std::vector<float> c(size_t(p.m * p.n), 0.0f);
  const auto outcome = RunMatmul<HalfB>(p, false, false, c);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  ExpectProduct(p, c, false);
}

TEST(MatmulTest, TransposedBAndBiasFollowTheOrgShape) {
  const Problem p(17, 33, 70, true);
  std::vector<float> c(size_t(p.m * p.n), 0.0f);
  const auto outcome = RunMatmul<HalfBTransposable>(p, true, false, c);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  ExpectProduct(p, c, true);
}

// Base blocks of 16 x 32 tile a 20 x 40 C with tails in both directions.
TEST(MatmulTest, IterateAndGetTensorCWriteEveryBlockInPlace) {
  const Problem p(20, 40, 24, true);
  std::vector<float> c(size_t(p.m * p.n), 12345.0f);
  const auto outcome = RunMatmul<HalfBTransposable>(p, true, true, c);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  ExpectProduct(p, c, true);
}

TEST(MatmulTest, TransposingAMatrixDeclaredWithoutIstransIsAnError) {
  const Problem p(16, 16, 16, true);
  std::vector<float> c(size_t(p.m * p.n), 0.0f);
  const auto outcome = RunMatmul<HalfB>(p, false, false, c);
  EXPECT_NE(outcome.status, 0);
  ASSERT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
  EXPECT_NE(outcome.Describe().find("ISTRANS"), std::string::npos) << outcome.Describe();
}

TEST(MatmulTest, ASystemWorkspaceSmallerThanTheLibraryNeedsIsAnError) {
  const Problem p(16, 16, 16, false);
  std::vector<float> c(size_t(p.m * p.n), 0.0f);
  const auto outcome = RunMatmul<HalfB>(p, false, false, c, 4096);
  EXPECT_NE(outcome.status, 0);
  ASSERT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
  EXPECT_NE(outcome.Describe().find("GetLibApiWorkSpaceSize"), std::string::npos) << outcome.Describe();
}

TEST(MatmulTest, ReadingPastTheEndOfBIsReported) {
  Problem p(16, 16, 32, false);
  p.b.resize(p.b.size() / 2);
  std::vector<float> c(size_t(p.m * p.n), 0.0f);
  const auto outcome = RunMatmul<HalfB>(p, false, false, c);
  EXPECT_NE(outcome.status, 0);
  EXPECT_TRUE(outcome.HasKind("gm-out-of-bounds")) << outcome.Describe();
}

// The cube runs one 16 x 16 x 16 fp16 step per cycle after its head.
TEST(MatmulTest, CubeTimeCountsFractalSteps) {
  const Problem p(64, 64, 128, false);
  std::vector<float> c(size_t(p.m * p.n), 0.0f);
  ascendc_sim::TakeLaunchProfiles();
  const auto outcome = RunMatmul<HalfB>(p, false, false, c);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const auto profiles = ascendc_sim::TakeLaunchProfiles();
  ASSERT_EQ(profiles.size(), 1u);
  EXPECT_EQ(profiles[0].busyCycles[size_t(ascendc_sim::HwPipe::kCube)], 4u * 4u * 8u + 6u);
  EXPECT_GT(profiles[0].busyCycles[size_t(ascendc_sim::HwPipe::kFixpipe)], 0u);
}

struct CoreIdentity {
  int64_t block, subBlock, blockNum, subBlockNum, ratio;
  bool operator==(const CoreIdentity&) const = default;
};

std::vector<CoreIdentity> Identities(bool mixed) {
  std::vector<CoreIdentity> seen;
  const auto outcome = simtest::Launch(3, [&] {
    if (mixed) KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
    seen.push_back({GetBlockIdx(), GetSubBlockIdx(), GetBlockNum(), GetSubBlockNum(), GetTaskRatio()});
  });
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
  return seen;
}

TEST(MixedKernelTest, MixAic12RunsTwoVectorCoresPerBlock) {
  EXPECT_EQ(Identities(true), (std::vector<CoreIdentity>{{0, 0, 3, 2, 2}, {1, 1, 3, 2, 2}, {2, 0, 3, 2, 2},
                                                          {3, 1, 3, 2, 2}, {4, 0, 3, 2, 2}, {5, 1, 3, 2, 2}}));
}

TEST(MixedKernelTest, VectorKernelsRunOneCorePerBlock) {
  EXPECT_EQ(Identities(false), (std::vector<CoreIdentity>{{0, 0, 3, 1, 1}, {1, 0, 3, 1, 1}, {2, 0, 3, 1, 1}}));
}

// As CANN's, REGIST_MATMUL_OBJ returns on the cube core (there it serves the vector cores' requests):
// only the vector cores reach the code after it, and their matmul is computed.
void RegisterThenMultiply(const simtest::GmBuffer<half>& a, const simtest::GmBuffer<half>& b,
                          const simtest::GmBuffer<float>& c, const simtest::GmBuffer<uint8_t>& workspace,
                          const simtest::GmBuffer<int32_t>& reached, const TCubeTiling& tiling) {
  TPipe pipe;
  Matmul<HalfA, HalfB, FloatC, FloatBias> mm;
  REGIST_MATMUL_OBJ(&pipe, workspace.addr(), mm, &tiling);
  GlobalTensor<int32_t> reachedGm;
  reachedGm.SetGlobalBuffer((__gm__ int32_t*)reached.addr());
  reachedGm.SetValue(ascendc_sim::rt::OnCubeCore() ? 0 : 1 + GetBlockIdx(), 1);
  if (GetBlockIdx() != 0) return;
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> cGm;
  aGm.SetGlobalBuffer((__gm__ half*)a.addr());
  bGm.SetGlobalBuffer((__gm__ half*)b.addr());
  cGm.SetGlobalBuffer((__gm__ float*)c.addr());
  mm.SetTensorA(aGm);
  mm.SetTensorB(bGm);
  mm.IterateAll(cGm);
  mm.End();
}

TEST(MixedKernelTest, RegistMatmulObjReturnsOnTheCubeCore) {
  const Problem p(16, 32, 16, false);
  simtest::GmBuffer<half> a(p.a), b(p.b);
  simtest::GmBuffer<float> c{std::vector<float>(size_t(p.m * p.n), 0.0f)};
  simtest::GmBuffer<uint8_t> workspace(kSystemWorkspaceBytes);
  simtest::GmBuffer<int32_t> reached{std::vector<int32_t>(3, 0)};
  const TCubeTiling tiling = TilingFor(p, false);
  auto body = [&] { RegisterThenMultiply(a, b, c, workspace, reached, tiling); };
  const auto outcome = simtest::LaunchMixed(1, body, body);
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(reached.values(), (std::vector<int32_t>{0, 1, 1}));  // no cube core, both vector cores
  ExpectProduct(p, c.values(), false);
}

TEST(MixedKernelTest, CubeOnlyKernelsAreReportedAsUnsupported) {
  const auto outcome = simtest::Launch(1, [&] { KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY); });
  EXPECT_NE(outcome.status, 0);
  EXPECT_TRUE(outcome.HasKind("unsupported")) << outcome.Describe();
}

}  // namespace
