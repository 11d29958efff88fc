// TiledMatmulBias: C[M, N] = A[M, K] x B[K, N] + bias[N] in float16 on the cube cores, float32 in
// L0C. Each core takes baseM x baseN output tiles round robin. A tile walks K in L1 chunks (A and B
// copied GM -> L1 with ND -> NZ conversion) and each chunk in baseK steps (L1 -> L0A/L0B, then one
// Mmad). The first Mmad of a tile starts from the bias row in the bias table, the others accumulate
// in L0C; Fixpipe converts the tile to float16 on its way to GM. L1 chunks, L0A/L0B steps, L0C tiles
// and bias-table rows are all double buffered, handed between MTE2, MTE1, M and FIX by event flags,
// so the next chunk is copied in while the cube works and a tile is written out while the next one
// is computed.
#include "kernel_operator.h"
using namespace AscendC;

namespace {
constexpr uint32_t C0 = 16;               // half values per 32-byte C0 block, and a fractal's edge
constexpr uint32_t FRACTAL = C0 * C0;     // half values per 512-byte fractal
constexpr uint32_t STAGES = 2;            // every buffer is double buffered
constexpr uint32_t BIAS_TABLE_UNIT = 64;  // L1 -> bias table copies count 64-byte source blocks
constexpr int32_t BT_EVENT = 2;           // M_MTE1 ids 2 and 3 guard the two bias-table rows

__aicore__ inline uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
__aicore__ inline uint32_t Align16(uint32_t a) { return CeilDiv(a, C0) * C0; }
__aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }
}  // namespace

class TiledMatmulBiasKernel {
 public:
  __aicore__ inline TiledMatmulBiasKernel() {}

  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, const TiledMatmulBiasTilingData& tiling) {
    m_ = tiling.m;
    n_ = tiling.n;
    k_ = tiling.k;
    baseM_ = tiling.baseM;
    baseN_ = tiling.baseN;
    baseK_ = tiling.baseK;
    kChunk_ = tiling.baseK * tiling.stepK;
    mTiles_ = tiling.mTiles;
    nTiles_ = tiling.nTiles;
    aGm_.SetGlobalBuffer((__gm__ half*)a, static_cast<uint64_t>(m_) * k_);
    bGm_.SetGlobalBuffer((__gm__ half*)b, static_cast<uint64_t>(k_) * n_);
    biasGm_.SetGlobalBuffer((__gm__ half*)bias, n_);
    cGm_.SetGlobalBuffer((__gm__ half*)c, static_cast<uint64_t>(m_) * n_);

    pipe_.InitBuffer(aL1_, STAGES * baseM_ * kChunk_ * sizeof(half));
    pipe_.InitBuffer(bL1_, STAGES * kChunk_ * baseN_ * sizeof(half));
    pipe_.InitBuffer(biasL1_, STAGES * baseN_ * sizeof(half));
    pipe_.InitBuffer(aL0_, STAGES * baseM_ * baseK_ * sizeof(half));
    pipe_.InitBuffer(bL0_, STAGES * baseK_ * baseN_ * sizeof(half));
    pipe_.InitBuffer(cL0_, STAGES * baseM_ * baseN_ * sizeof(float));
    pipe_.InitBuffer(biasTable_, STAGES * baseN_ * sizeof(float));
  }

  __aicore__ inline void Process() {
    // Every buffer starts free: the flags its consumers would set once done with it.
    for (int32_t s = 0; s < static_cast<int32_t>(STAGES); ++s) {
      SetFlag<HardEvent::MTE1_MTE2>(s);
      SetFlag<HardEvent::M_MTE1>(s);
      SetFlag<HardEvent::M_MTE1>(BT_EVENT + s);
      SetFlag<HardEvent::FIX_M>(s);
    }
    const uint32_t tiles = mTiles_ * nTiles_;
    for (uint32_t tile = GetBlockIdx(); tile < tiles; tile += GetBlockNum()) {
      ComputeTile(tile / nTiles_, tile % nTiles_);
    }
    for (int32_t s = 0; s < static_cast<int32_t>(STAGES); ++s) {
      WaitFlag<HardEvent::MTE1_MTE2>(s);
      WaitFlag<HardEvent::M_MTE1>(s);
      WaitFlag<HardEvent::M_MTE1>(BT_EVENT + s);
      WaitFlag<HardEvent::FIX_M>(s);
    }
  }

 private:
  __aicore__ inline void ComputeTile(uint32_t mTile, uint32_t nTile) {
    const uint32_t row0 = mTile * baseM_;
    const uint32_t col0 = nTile * baseN_;
    const uint32_t mAct = Min(baseM_, m_ - row0);
    const uint32_t nAct = Min(baseN_, n_ - col0);
    const int32_t u = static_cast<int32_t>(cStage_);
    LocalTensor<float> cL0 = cL0_.Get<float>()[u * baseM_ * baseN_];
    LocalTensor<float> bias = biasTable_.Get<float>()[u * baseN_];

    const uint32_t chunks = CeilDiv(k_, kChunk_);
    for (uint32_t chunk = 0; chunk < chunks; ++chunk) {
      const int32_t s = static_cast<int32_t>(l1Stage_);
      const uint32_t k0 = chunk * kChunk_;
      const uint32_t kAct = Min(kChunk_, k_ - k0);
      LocalTensor<half> aL1 = aL1_.Get<half>()[s * baseM_ * kChunk_];
      LocalTensor<half> bL1 = bL1_.Get<half>()[s * kChunk_ * baseN_];
      LocalTensor<half> biasL1 = biasL1_.Get<half>()[s * baseN_];

      WaitFlag<HardEvent::MTE1_MTE2>(s);
      CopyInChunk(aL1, bL1, row0, col0, k0, mAct, nAct, kAct);
      if (chunk == 0) {
        // One row as NZ with its column blocks one block apart is the row itself, zero-padded
        // to 16 values, whatever the GM alignment of col0.
        DataCopy(biasL1, biasGm_[col0], Nd2NzParams(1, 1, nAct, 0, n_, 1, 1, 0));
      }
      SetFlag<HardEvent::MTE2_MTE1>(s);
      WaitFlag<HardEvent::MTE2_MTE1>(s);

      const uint32_t steps = CeilDiv(kAct, baseK_);
      for (uint32_t step = 0; step < steps; ++step) {
        const bool first = chunk == 0 && step == 0;
        const uint32_t kStart = step * baseK_;
        MultiplyStep(cL0, bias, aL1, bL1, biasL1, first, mAct, nAct, Align16(kAct), kStart, Min(baseK_, kAct - kStart),
                     u);
      }
      SetFlag<HardEvent::MTE1_MTE2>(s);  // MTE1 has read everything of this L1 stage
      l1Stage_ ^= 1;
    }

    SetFlag<HardEvent::M_FIX>(u);
    WaitFlag<HardEvent::M_FIX>(u);
    // NZ -> ND on the way out: column blocks of the L0C tile lie Align16(mAct) rows apart.
    FixpipeParamsV220 fix(static_cast<uint16_t>(nAct), static_cast<uint16_t>(mAct),
                          static_cast<uint16_t>(Align16(mAct)), n_, false, QuantMode_t::F322F16, 0, 1, 0, 0, 0);
    Fixpipe<half, float, CFG_ROW_MAJOR>(cGm_[static_cast<uint64_t>(row0) * n_ + col0], cL0, fix);
    SetFlag<HardEvent::FIX_M>(u);
    cStage_ ^= 1;
  }

  // A [mAct, kAct] lands as NZ: 16-column blocks Align16(mAct) rows apart. A single row is kept
  // contiguous instead, because Mmad with m = 1 runs as GEMV and reads A's row as one run of K
  // values. B [kAct, nAct] lands as NZ with its column blocks Align16(kAct) rows apart.
  __aicore__ inline void CopyInChunk(const LocalTensor<half>& aL1, const LocalTensor<half>& bL1, uint32_t row0,
                                     uint32_t col0, uint32_t k0, uint32_t mAct, uint32_t nAct, uint32_t kAct) {
    const uint16_t aBlockStride = static_cast<uint16_t>(mAct == 1 ? 1 : Align16(mAct));
    DataCopy(aL1, aGm_[static_cast<uint64_t>(row0) * k_ + k0],
             Nd2NzParams(1, static_cast<uint16_t>(mAct), static_cast<uint16_t>(kAct), 0, static_cast<uint16_t>(k_),
                         aBlockStride, 1, 0));
    DataCopy(bL1, bGm_[static_cast<uint64_t>(k0) * n_ + col0],
             Nd2NzParams(1, static_cast<uint16_t>(kAct), static_cast<uint16_t>(nAct), 0, static_cast<uint16_t>(n_),
                         static_cast<uint16_t>(Align16(kAct)), 1, 0));
  }

  // One K step of kAct values starting at kStart in the chunk: L1 -> L0A/L0B, then Mmad.
  __aicore__ inline void MultiplyStep(const LocalTensor<float>& cL0, const LocalTensor<float>& bias,
                                      const LocalTensor<half>& aL1, const LocalTensor<half>& bL1,
                                      const LocalTensor<half>& biasL1, bool first, uint32_t mAct, uint32_t nAct,
                                      uint32_t kRows, uint32_t kStart, uint32_t kAct, int32_t u) {
    const int32_t t = static_cast<int32_t>(l0Stage_);
    LocalTensor<half> aL0 = aL0_.Get<half>()[t * baseM_ * baseK_];
    LocalTensor<half> bL0 = bL0_.Get<half>()[t * baseK_ * baseN_];
    const uint32_t kBlocks = CeilDiv(kAct, C0);
    const uint32_t mBlocks = CeilDiv(mAct, C0);
    const uint32_t nBlocks = CeilDiv(nAct, C0);

    WaitFlag<HardEvent::M_MTE1>(t);
    if (first) {
      WaitFlag<HardEvent::M_MTE1>(BT_EVENT + u);  // the Mmad that used this row before is done
      DataCopy(bias, biasL1,
               DataCopyParams(1, static_cast<uint16_t>(CeilDiv(Align16(nAct) * sizeof(half), BIAS_TABLE_UNIT)), 0, 0));
    }
    if (mAct == 1) {
      LoadData(aL0, aL1[kStart], LoadData2DParams(0, static_cast<uint8_t>(CeilDiv(kAct, FRACTAL)), 1, 0, 0, false, 0));
    } else {
      // L1 NZ -> L0A Zz: for each K block, its row blocks (contiguous in L1) go kBlocks
      // fractals apart.
      for (uint32_t kb = 0; kb < kBlocks; ++kb) {
        LoadData(
            aL0[kb * FRACTAL], aL1[(kStart / C0 + kb) * Align16(mAct) * C0],
            LoadData2DParams(0, static_cast<uint8_t>(mBlocks), 1, 0, static_cast<uint16_t>(kBlocks - 1), false, 0));
      }
    }
    // L1 NZ -> L0B Zn: each fractal transposed; for each K block, its column blocks lie kRows
    // rows apart in L1 and side by side in L0B.
    for (uint32_t kb = 0; kb < kBlocks; ++kb) {
      LoadData(bL0[kb * nBlocks * FRACTAL], bL1[(kStart / C0 + kb) * FRACTAL],
               LoadData2DParams(0, static_cast<uint8_t>(nBlocks), static_cast<uint16_t>(kRows / C0), 0, 0, true, 0));
    }
    SetFlag<HardEvent::MTE1_M>(t);
    WaitFlag<HardEvent::MTE1_M>(t);

    MmadParams params;
    params.m = static_cast<uint16_t>(mAct);
    params.n = static_cast<uint16_t>(nAct);
    params.k = static_cast<uint16_t>(kAct);
    params.cmatrixInitVal = false;
    if (first) {
      WaitFlag<HardEvent::FIX_M>(u);  // the Fixpipe that read this L0C tile before is done
      params.cmatrixSource = true;    // start from the bias row
      Mmad(cL0, aL0, bL0, bias, params);
      SetFlag<HardEvent::M_MTE1>(BT_EVENT + u);
    } else {
      Mmad(cL0, aL0, bL0, params);  // accumulate onto L0C
    }
    SetFlag<HardEvent::M_MTE1>(t);
    l0Stage_ ^= 1;
  }

  TPipe pipe_;
  TBuf<TPosition::A1> aL1_;
  TBuf<TPosition::B1> bL1_;
  TBuf<TPosition::C1> biasL1_;
  TBuf<TPosition::A2> aL0_;
  TBuf<TPosition::B2> bL0_;
  TBuf<TPosition::CO1> cL0_;
  TBuf<TPosition::C2> biasTable_;
  GlobalTensor<half> aGm_, bGm_, biasGm_, cGm_;
  uint32_t m_ = 0, n_ = 0, k_ = 0;
  uint32_t baseM_ = 0, baseN_ = 0, baseK_ = 0, kChunk_ = 0;
  uint32_t mTiles_ = 0, nTiles_ = 0;
  uint32_t l1Stage_ = 0, l0Stage_ = 0, cStage_ = 0;
};

extern "C" __global__ __aicore__ void tiled_matmul_bias(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c,
                                                        GM_ADDR workspace, GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  GET_TILING_DATA(tilingData, tiling);
  TiledMatmulBiasKernel op;
  op.Init(a, b, bias, c, tilingData);
  op.Process();
}
