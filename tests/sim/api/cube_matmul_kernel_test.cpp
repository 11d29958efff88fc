// A tiled fp16 matmul C[M, N] = A[M, K] x B[K, N] written with the cube APIs as a kernel would:
// TQue handoffs GM -> L1 -> L0A/L0B, explicit M <-> FIX flags around a single L0C tile, K
// accumulated in L0C, results converted to half by the fixpipe. Run under strict synchronisation
// (every hazard an error) and checked against the reference; its profile shows each cube pipe.
#include <gtest/gtest.h>

#include "cube_test_support.h"
#include "launch_profile.h"

using namespace AscendC;

namespace {

constexpr uint32_t M = 64, N = 96, K = 128, TILE = 32;

class TiledMatmul {
 public:
  void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
    aGm_.SetGlobalBuffer((__gm__ half*)a, M * K);
    bGm_.SetGlobalBuffer((__gm__ half*)b, K * N);
    cGm_.SetGlobalBuffer((__gm__ half*)c, M * N);
    pipe_.InitBuffer(qA1_, 2, TILE * TILE * sizeof(half));
    pipe_.InitBuffer(qB1_, 2, TILE * TILE * sizeof(half));
    pipe_.InitBuffer(qA2_, 2, TILE * TILE * sizeof(half));
    pipe_.InitBuffer(qB2_, 2, TILE * TILE * sizeof(half));
    pipe_.InitBuffer(c1Buf_, TILE * TILE * sizeof(float));
  }

  void Process() {
    LocalTensor<float> c1 = c1Buf_.Get<float>();
    uint32_t tile = 0;
    for (uint32_t mt = 0; mt < M / TILE; ++mt) {
      for (uint32_t nt = 0; nt < N / TILE; ++nt, ++tile) {
        if (tile > 0) WaitFlag<HardEvent::FIX_M>(EVENT_ID0);  // the last Fixpipe has read L0C
        for (uint32_t kt = 0; kt < K / TILE; ++kt) {
          CopyIn(mt, nt, kt);
          SplitA();
          SplitB();
          Compute(c1, kt == 0);
        }
        SetFlag<HardEvent::M_FIX>(EVENT_ID0);
        WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
        FixpipeParamsV220 fix(TILE, TILE, TILE, N, false, F322F16, 0, 1, 0, 0, 0);
        Fixpipe<half, float, CFG_ROW_MAJOR>(cGm_[mt * TILE * N + nt * TILE], c1, fix);
        SetFlag<HardEvent::FIX_M>(EVENT_ID0);
      }
    }
    WaitFlag<HardEvent::FIX_M>(EVENT_ID0);
  }

 private:
  void CopyIn(uint32_t mt, uint32_t nt, uint32_t kt) {
    LocalTensor<half> a1 = qA1_.AllocTensor<half>();
    LocalTensor<half> b1 = qB1_.AllocTensor<half>();
    // Each 32 x 32 tile lands as NZ with 32 rows per 16-wide column block.
    DataCopy(a1, aGm_[mt * TILE * K + kt * TILE], Nd2NzParams(1, TILE, TILE, 0, K, TILE, 1, 0));
    DataCopy(b1, bGm_[kt * TILE * N + nt * TILE], Nd2NzParams(1, TILE, TILE, 0, N, TILE, 1, 0));
    qA1_.EnQue(a1);
    qB1_.EnQue(b1);
  }

  // A: L1 NZ -> L0A Zz, one LoadData per 16 rows reading that row block's K fractals.
  void SplitA() {
    LocalTensor<half> a1 = qA1_.DeQue<half>();
    LocalTensor<half> a2 = qA2_.AllocTensor<half>();
    LoadData2DParams load(0, TILE / 16, TILE / 16, 0, 0, false, 0);
    for (uint32_t row = 0; row < TILE / 16; ++row) LoadData(a2[row * (TILE / 16) * 256], a1[row * 256], load);
    qA2_.EnQue(a2);
    qA1_.FreeTensor(a1);
  }

  // B: L1 NZ (K rows) -> L0B Zn, each fractal transposed, one LoadData per 16 rows of K.
  void SplitB() {
    LocalTensor<half> b1 = qB1_.DeQue<half>();
    LocalTensor<half> b2 = qB2_.AllocTensor<half>();
    LoadData2DParams load(0, TILE / 16, TILE / 16, 0, 0, true, 0);
    for (uint32_t kb = 0; kb < TILE / 16; ++kb) LoadData(b2[kb * (TILE / 16) * 256], b1[kb * 256], load);
    qB2_.EnQue(b2);
    qB1_.FreeTensor(b1);
  }

  void Compute(const LocalTensor<float>& c1, bool first) {
    LocalTensor<half> a2 = qA2_.DeQue<half>();
    LocalTensor<half> b2 = qB2_.DeQue<half>();
    Mmad(c1, a2, b2, MmadParams(TILE, TILE, TILE, 0, false, first));
    qA2_.FreeTensor(a2);
    qB2_.FreeTensor(b2);
  }

  TPipe pipe_;
  TQue<TPosition::A1, 1> qA1_;
  TQue<TPosition::B1, 1> qB1_;
  TQue<TPosition::A2, 1> qA2_;
  TQue<TPosition::B2, 1> qB2_;
  TBuf<TPosition::CO1> c1Buf_;
  GlobalTensor<half> aGm_, bGm_, cGm_;
};

TEST(CubeMatmulKernel, TiledHalfMatmulMatchesTheReferenceUnderStrictSync) {
  std::vector<half> a, b, bT(size_t(N) * K);
  for (float v : simtest::RandomFloats(size_t(M) * K, -1.0f, 1.0f, 31)) a.push_back(half(v));
  for (float v : simtest::RandomFloats(size_t(K) * N, -1.0f, 1.0f, 32)) b.push_back(half(v));
  for (uint32_t kk = 0; kk < K; ++kk)
    for (uint32_t j = 0; j < N; ++j) bT[size_t(j) * K + kk] = b[size_t(kk) * N + j];
  simtest::GmBuffer<half> aGm(a), bGm(b), cGm(size_t(M) * N);
  ascendc_sim::SetSyncMode(ascendc_sim::SyncMode::kStrict);
  const ascendc_sim::LaunchProfile profile = simtest::Profile(
      1,
      [&] {
        TiledMatmul op;
        op.Init(aGm.addr(), bGm.addr(), cGm.addr());
        op.Process();
      },
      true);
  ascendc_sim::SetSyncMode(ascendc_sim::SyncMode::kAuto);
  const std::vector<double> expected = cubetest::Reference(a, bT, M, N, K, {});
  const std::vector<half> c = cGm.values();
  for (size_t i = 0; i < expected.size(); ++i) ASSERT_EQ(float(c[i]), float(half(float(expected[i])))) << i;
  using ascendc_sim::HwPipe;
  // 24 Mmads of 2 x 2 x 2 cube steps after a 6-cycle head; the cube pipe also spends a cycle on
  // each of its 4 queue handoffs per Mmad and on the 12 M-side flags.
  EXPECT_EQ(profile.busyCycles[size_t(HwPipe::kCube)], 24u * (6 + 8) + 24u * 4 + 12);
  EXPECT_GT(profile.busyCycles[size_t(HwPipe::kMte1)], 0u);
  EXPECT_GT(profile.busyCycles[size_t(HwPipe::kMte2)], 0u);
  EXPECT_GT(profile.busyCycles[size_t(HwPipe::kFixpipe)], 0u);
}

// One Mmad's cube time: a 6-cycle head, then a cycle per 16 x K0 x 16 step, two for float.
template <class T>
uint64_t CubeCycles(uint16_t m, uint16_t n, uint16_t k) {
  using Acc = std::conditional_t<std::is_same_v<T, int8_t>, int32_t, float>;
  const ascendc_sim::LaunchProfile profile = simtest::Profile(
      1,
      [&] {
        TPipe pipe;
        TBuf<TPosition::A2> a2;
        TBuf<TPosition::B2> b2;
        TBuf<TPosition::CO1> c1;
        pipe.InitBuffer(a2, 32768);
        pipe.InitBuffer(b2, 32768);
        pipe.InitBuffer(c1, 32768);
        Mmad(c1.Get<Acc>(), a2.Get<T>(), b2.Get<T>(), MmadParams(m, n, k, 0, false, true));
      },
      true);
  return profile.busyCycles[size_t(ascendc_sim::HwPipe::kCube)];
}

TEST(CubeMatmulKernel, MmadCostsAHeadAndOneCyclePerStepTwoForFloat) {
  EXPECT_EQ(CubeCycles<half>(32, 32, 32), 6u + 2 * 2 * 2);
  EXPECT_EQ(CubeCycles<int8_t>(32, 48, 64), 6u + 2 * 3 * 2);
  EXPECT_EQ(CubeCycles<float>(32, 32, 32), 6u + 2 * (2 * 2 * 4));
  EXPECT_EQ(CubeCycles<bfloat16_t>(17, 16, 16), 6u + 2 * 1 * 1);
}

}  // namespace
