// GroupedMatmulPerTokenDequant: y = fp16((x_g @ w_g) * scale_g[col] * perTokenScale[row]) for the
// row groups of x, as a mixed kernel. Both core types walk the same tile sequence (each group's
// rows in baseM-row tiles, N in baseN-column tiles, all groups in order, dealt to the AI cores
// round robin), reading the group boundaries from group_list themselves.
//   Cube core (AIC): int8 A and B chunks GM -> L1 (ND -> NZ), L1 -> L0A (LoadData) and L0B
//     (LoadDataWithTranspose, 32 x 32 int8 squares), Mmad into an int32 L0C tile, Fixpipe into one of
//     the AI core's two workspace slots, then CrossCoreSetFlag mode 2: "slot s is ready".
//   Vector cores (AIV 0 and 1 of the same AI core): each takes half of the tile's rows; it waits for
//     the slot, copies its rows to UB, tells the cube the slot is free again, and dequantises:
//     int32 -> float, times the column scales (one row broadcast over the rows), times the row
//     scales (Brcb'd to one block per row, broadcast over the columns), -> float16, out to y.
// Two slots let the cube compute tile t + 1 while the vector cores dequantise tile t.
#include "kernel_operator.h"
using namespace AscendC;

namespace {
constexpr uint32_t STAGES = 2;           // workspace slots, L1 chunks, L0A/L0B steps and L0C tiles
constexpr uint32_t INT8_C0 = 32;         // int8 values per 32-byte C0 block
constexpr uint32_t FRACTAL_BYTES = 512;  // one fractal: 16 x 32 int8
constexpr uint32_t SQUARE_BYTES = 1024;  // one 32 x 32 int8 square, transposed into two fractals
constexpr uint32_t ROW_BLOCK = 16;       // rows of a fractal
constexpr uint32_t FLOAT_REPEAT = 64;    // floats per vector repeat
constexpr uint32_t FLOAT_BLOCK = 8;      // floats per 32-byte block
constexpr uint16_t FLAG_TILE_READY = 0;  // AIC -> AIV, ids 0 and 1: a workspace slot holds a tile
constexpr uint16_t FLAG_SLOT_FREE = 2;   // AIV -> AIC, ids 2 and 3: both vector cores read the slot

__aicore__ inline uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
__aicore__ inline uint32_t RoundUp(uint32_t a, uint32_t b) { return CeilDiv(a, b) * b; }
__aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }

// One output tile: rows [row0, row0 + rows) of x and y (already offset to its group), columns
// [col0, col0 + cols).
struct Tile {
  uint32_t group;
  uint32_t row0;
  uint32_t rows;
  uint32_t col0;
  uint32_t cols;
};

// The tile sequence both core types walk; Next() yields this AI core's tiles in order.
class TileWalk {
 public:
  __aicore__ inline void Init(GM_ADDR groupList, uint32_t m, uint32_t n, uint32_t groups, uint32_t baseM,
                              uint32_t baseN, uint32_t core, uint32_t cores) {
    groupListGm_.SetGlobalBuffer((__gm__ int64_t*)groupList, groups);
    m_ = m;
    n_ = n;
    groups_ = groups;
    baseM_ = baseM;
    baseN_ = baseN;
    nTiles_ = CeilDiv(n, baseN);
    core_ = core;
    cores_ = cores;
    NextGroup(0, 0);
  }

  __aicore__ inline bool Next(Tile& tile) {
    while (group_ < groups_) {
      if (local_ < groupTiles_) {
        const uint32_t mTile = local_ / nTiles_;
        const uint32_t nTile = local_ % nTiles_;
        tile.group = group_;
        tile.row0 = groupStart_ + mTile * baseM_;
        tile.rows = Min(baseM_, groupEnd_ - tile.row0);
        tile.col0 = nTile * baseN_;
        tile.cols = Min(baseN_, n_ - tile.col0);
        local_ += cores_;
        return true;
      }
      NextGroup(group_ + 1, firstGlobal_ + groupTiles_);
    }
    return false;
  }

 private:
  // Enters group `group`, whose first tile has global index firstGlobal; this core's first tile in
  // it is the first local index l with (firstGlobal + l) % cores == core.
  __aicore__ inline void NextGroup(uint32_t group, uint32_t firstGlobal) {
    group_ = group;
    firstGlobal_ = firstGlobal;
    groupStart_ = group == 0 ? 0 : groupEnd_;
    groupTiles_ = 0;
    if (group < groups_) {
      // Clamped, so a malformed list cannot send a core outside x or y.
      int64_t end = groupListGm_.GetValue(group);
      end = end < static_cast<int64_t>(groupStart_) ? groupStart_ : (end > static_cast<int64_t>(m_) ? m_ : end);
      groupEnd_ = static_cast<uint32_t>(end);
      groupTiles_ = CeilDiv(groupEnd_ - groupStart_, baseM_) * nTiles_;
    }
    local_ = (core_ + cores_ - firstGlobal % cores_) % cores_;
  }

  GlobalTensor<int64_t> groupListGm_;
  uint32_t m_ = 0, n_ = 0, groups_ = 0, baseM_ = 0, baseN_ = 0, nTiles_ = 0, core_ = 0, cores_ = 1;
  uint32_t group_ = 0, groupStart_ = 0, groupEnd_ = 0, groupTiles_ = 0, firstGlobal_ = 0, local_ = 0;
};

__aicore__ inline uint64_t SlotOffset(uint32_t core, uint32_t stage, uint32_t baseM, uint32_t baseN) {
  return (static_cast<uint64_t>(core) * STAGES + stage) * baseM * baseN;
}
}  // namespace

// The cube core: int32 tiles into the workspace.
class GmmCube {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR weight, GM_ADDR groupList, GM_ADDR workspace,
                              const GroupedMatmulPerTokenDequantTilingData& tiling) {
    m_ = tiling.m;
    n_ = tiling.n;
    k_ = tiling.k;
    baseM_ = tiling.baseM;
    baseN_ = tiling.baseN;
    baseK_ = tiling.baseK;
    kChunk_ = tiling.baseK * tiling.stepK;
    core_ = GetBlockIdx();
    walk_.Init(groupList, m_, n_, tiling.groupCount, baseM_, baseN_, core_, GetBlockNum());
    xGm_.SetGlobalBuffer((__gm__ int8_t*)x, static_cast<uint64_t>(m_) * k_);
    weightGm_.SetGlobalBuffer((__gm__ int8_t*)weight, static_cast<uint64_t>(tiling.groupCount) * k_ * n_);
    workspaceGm_.SetGlobalBuffer((__gm__ int32_t*)GetUserWorkspace(workspace),
                                 SlotOffset(GetBlockNum(), 0, baseM_, baseN_));
    pipe_.InitBuffer(aL1_, STAGES * baseM_ * kChunk_);
    pipe_.InitBuffer(bL1_, STAGES * kChunk_ * baseN_);
    pipe_.InitBuffer(aL0_, STAGES * baseM_ * baseK_);
    pipe_.InitBuffer(bL0_, STAGES * baseK_ * baseN_);
    pipe_.InitBuffer(cL0_, STAGES * baseM_ * baseN_ * sizeof(int32_t));
  }

  __aicore__ inline void Process() {
    for (int32_t s = 0; s < static_cast<int32_t>(STAGES); ++s) {
      SetFlag<HardEvent::MTE1_MTE2>(s);
      SetFlag<HardEvent::M_MTE1>(s);
      SetFlag<HardEvent::FIX_M>(s);
    }
    Tile tile;
    uint32_t seq = 0;
    while (walk_.Next(tile)) {
      ComputeTile(tile, seq);
      ++seq;
    }
    // The vector cores' last releases are still owed: take them, so no flag is left raised.
    for (uint32_t done = seq > STAGES ? seq - STAGES : 0; done < seq; ++done) {
      CrossCoreWaitFlag(FLAG_SLOT_FREE + done % STAGES);
    }
    for (int32_t s = 0; s < static_cast<int32_t>(STAGES); ++s) {
      WaitFlag<HardEvent::MTE1_MTE2>(s);
      WaitFlag<HardEvent::M_MTE1>(s);
      WaitFlag<HardEvent::FIX_M>(s);
    }
  }

 private:
  __aicore__ inline void ComputeTile(const Tile& tile, uint32_t seq) {
    const uint32_t slot = seq % STAGES;
    const int32_t u = static_cast<int32_t>(slot);
    // Columns up to a multiple of 32: B's rows are zero-padded that far in L1, so these extra
    // columns come out as zeros, and L0B is filled by whole 32 x 32 squares.
    const uint32_t nPad = RoundUp(tile.cols, INT8_C0);
    const uint64_t bGroup = static_cast<uint64_t>(tile.group) * k_ * n_;
    LocalTensor<int32_t> cL0 = cL0_.Get<int32_t>()[u * baseM_ * baseN_];

    const uint32_t chunks = CeilDiv(k_, kChunk_);
    for (uint32_t chunk = 0; chunk < chunks; ++chunk) {
      const int32_t s = static_cast<int32_t>(l1Stage_);
      const uint32_t k0 = chunk * kChunk_;
      const uint32_t kAct = Min(kChunk_, k_ - k0);
      const uint32_t kRows = RoundUp(kAct, INT8_C0);  // B's NZ column blocks, whole squares
      LocalTensor<int8_t> aL1 = aL1_.Get<int8_t>()[s * baseM_ * kChunk_];
      LocalTensor<int8_t> bL1 = bL1_.Get<int8_t>()[s * kChunk_ * baseN_];

      WaitFlag<HardEvent::MTE1_MTE2>(s);
      // A single row stays contiguous: Mmad with m = 1 runs as GEMV and reads one run of K.
      const uint16_t aBlockStride = static_cast<uint16_t>(tile.rows == 1 ? 1 : RoundUp(tile.rows, ROW_BLOCK));
      DataCopy(aL1, xGm_[static_cast<uint64_t>(tile.row0) * k_ + k0],
               Nd2NzParams(1, static_cast<uint16_t>(tile.rows), static_cast<uint16_t>(kAct), 0,
                           static_cast<uint16_t>(k_), aBlockStride, 1, 0));
      DataCopy(bL1, weightGm_[bGroup + static_cast<uint64_t>(k0) * n_ + tile.col0],
               Nd2NzParams(1, static_cast<uint16_t>(kAct), static_cast<uint16_t>(tile.cols), 0,
                           static_cast<uint16_t>(n_), static_cast<uint16_t>(kRows), 1, 0));
      SetFlag<HardEvent::MTE2_MTE1>(s);
      WaitFlag<HardEvent::MTE2_MTE1>(s);

      const uint32_t steps = CeilDiv(kAct, baseK_);
      for (uint32_t step = 0; step < steps; ++step) {
        const uint32_t kStart = step * baseK_;
        MultiplyStep(cL0, aL1, bL1, chunk == 0 && step == 0, tile.rows, nPad, kRows, kStart, Min(baseK_, kAct - kStart),
                     u);
      }
      SetFlag<HardEvent::MTE1_MTE2>(s);
      l1Stage_ ^= 1;
    }

    SetFlag<HardEvent::M_FIX>(u);
    WaitFlag<HardEvent::M_FIX>(u);
    if (seq >= STAGES) {
      CrossCoreWaitFlag(FLAG_SLOT_FREE + slot);  // both vector cores have read this slot's last tile
    }
    // int32 NZ -> ND rows of nPad values, the slot's layout the vector cores read.
    FixpipeParamsV220 fix(static_cast<uint16_t>(nPad), static_cast<uint16_t>(tile.rows),
                          static_cast<uint16_t>(RoundUp(tile.rows, ROW_BLOCK)), nPad, false, QuantMode_t::NoQuant, 0, 1,
                          0, 0, 0);
    Fixpipe<int32_t, int32_t, CFG_ROW_MAJOR>(workspaceGm_[SlotOffset(core_, slot, baseM_, baseN_)], cL0, fix);
    CrossCoreSetFlag<2, PIPE_FIX>(FLAG_TILE_READY + slot);
    SetFlag<HardEvent::FIX_M>(u);
  }

  __aicore__ inline void MultiplyStep(const LocalTensor<int32_t>& cL0, const LocalTensor<int8_t>& aL1,
                                      const LocalTensor<int8_t>& bL1, bool first, uint32_t rows, uint32_t nPad,
                                      uint32_t kRows, uint32_t kStart, uint32_t kAct, int32_t u) {
    const int32_t t = static_cast<int32_t>(l0Stage_);
    LocalTensor<int8_t> aL0 = aL0_.Get<int8_t>()[t * baseM_ * baseK_];
    LocalTensor<int8_t> bL0 = bL0_.Get<int8_t>()[t * baseK_ * baseN_];
    const uint32_t kBlocks = CeilDiv(kAct, INT8_C0);
    const uint32_t rowsPad = RoundUp(rows, ROW_BLOCK);
    const uint32_t squares = nPad / INT8_C0;

    WaitFlag<HardEvent::M_MTE1>(t);
    if (rows == 1) {
      LoadData(aL0, aL1[kStart],
               LoadData2DParams(0, static_cast<uint8_t>(CeilDiv(kAct, FRACTAL_BYTES)), 1, 0, 0, false, 0));
    } else {
      // L1 NZ -> L0A Zz: per K block, its row blocks (contiguous in L1) land kBlocks fractals apart.
      for (uint32_t kb = 0; kb < kBlocks; ++kb) {
        LoadData(aL0[kb * FRACTAL_BYTES], aL1[(kStart / INT8_C0 + kb) * rowsPad * INT8_C0],
                 LoadData2DParams(0, static_cast<uint8_t>(rowsPad / ROW_BLOCK), 1, 0,
                                  static_cast<uint16_t>(kBlocks - 1), false, 0));
      }
    }
    // L1 NZ -> L0B Zn: per K block, each 32 x 32 square (kRows rows apart along N in L1) is
    // transposed into two fractals that sit side by side in L0B.
    for (uint32_t kb = 0; kb < kBlocks; ++kb) {
      LoadDataWithTranspose(
          bL0[kb * squares * 2 * FRACTAL_BYTES], bL1[(kStart / INT8_C0 + kb) * SQUARE_BYTES],
          LoadData2dTransposeParams(0, static_cast<uint8_t>(squares), static_cast<uint16_t>(kRows / INT8_C0), 1, 0));
    }
    SetFlag<HardEvent::MTE1_M>(t);
    WaitFlag<HardEvent::MTE1_M>(t);

    if (first) {
      WaitFlag<HardEvent::FIX_M>(u);  // the Fixpipe that read this L0C tile before is done
    }
    MmadParams params;
    params.m = static_cast<uint16_t>(rows);
    params.n = static_cast<uint16_t>(nPad);
    params.k = static_cast<uint16_t>(kAct);
    params.cmatrixInitVal = first;  // zero for the first K step, accumulate afterwards
    Mmad(cL0, aL0, bL0, params);
    SetFlag<HardEvent::M_MTE1>(t);
    l0Stage_ ^= 1;
  }

  TPipe pipe_;
  TBuf<TPosition::A1> aL1_;
  TBuf<TPosition::B1> bL1_;
  TBuf<TPosition::A2> aL0_;
  TBuf<TPosition::B2> bL0_;
  TBuf<TPosition::CO1> cL0_;
  GlobalTensor<int8_t> xGm_, weightGm_;
  GlobalTensor<int32_t> workspaceGm_;
  TileWalk walk_;
  uint32_t m_ = 0, n_ = 0, k_ = 0, baseM_ = 0, baseN_ = 0, baseK_ = 0, kChunk_ = 0, core_ = 0;
  uint32_t l1Stage_ = 0, l0Stage_ = 0;
};

// A vector core: dequantises its half of each tile's rows.
class GmmDequant {
 public:
  __aicore__ inline void Init(GM_ADDR scale, GM_ADDR perTokenScale, GM_ADDR groupList, GM_ADDR y, GM_ADDR workspace,
                              const GroupedMatmulPerTokenDequantTilingData& tiling) {
    n_ = tiling.n;
    baseM_ = tiling.baseM;
    baseN_ = tiling.baseN;
    core_ = GetBlockIdx() / GetSubBlockNum();
    sub_ = GetSubBlockIdx();
    walk_.Init(groupList, tiling.m, n_, tiling.groupCount, baseM_, baseN_, core_, GetBlockNum());
    scaleGm_.SetGlobalBuffer((__gm__ float*)scale, static_cast<uint64_t>(tiling.groupCount) * n_);
    tokenScaleGm_.SetGlobalBuffer((__gm__ float*)perTokenScale, tiling.m);
    yGm_.SetGlobalBuffer((__gm__ half*)y, static_cast<uint64_t>(tiling.m) * n_);
    workspaceGm_.SetGlobalBuffer((__gm__ int32_t*)GetUserWorkspace(workspace),
                                 SlotOffset(GetBlockNum(), 0, baseM_, baseN_));
    const uint32_t rows = baseM_ / 2;
    pipe_.InitBuffer(accQueue_, STAGES, rows * baseN_ * sizeof(int32_t));
    pipe_.InitBuffer(scaleQueue_, STAGES, baseN_ * sizeof(float));
    pipe_.InitBuffer(tokenQueue_, STAGES, rows * sizeof(float));
    pipe_.InitBuffer(outQueue_, STAGES, rows * baseN_ * sizeof(half));
    pipe_.InitBuffer(valueBuf_, rows * baseN_ * sizeof(float));
    pipe_.InitBuffer(tokenBlockBuf_, rows * FLOAT_BLOCK * sizeof(float));
  }

  __aicore__ inline void Process() {
    Tile tile;
    uint32_t seq = 0;
    while (walk_.Next(tile)) {
      DequantTile(tile, seq % STAGES);
      ++seq;
    }
  }

 private:
  __aicore__ inline void DequantTile(const Tile& tile, uint32_t slot) {
    // Vector core 0 takes the first ceil(rows / 2) rows, vector core 1 the rest.
    const uint32_t half0 = CeilDiv(tile.rows, 2);
    const uint32_t first = sub_ == 0 ? 0 : half0;
    const uint32_t rows = sub_ == 0 ? half0 : tile.rows - half0;
    const uint32_t nPad = RoundUp(tile.cols, INT8_C0);
    if (rows > 0) {
      CopyInScales(tile, first, rows);  // before the wait: these do not depend on the cube
    }
    CrossCoreWaitFlag(FLAG_TILE_READY + slot);
    if (rows > 0) {
      LocalTensor<int32_t> acc = accQueue_.AllocTensor<int32_t>();
      DataCopy(acc, workspaceGm_[SlotOffset(core_, slot, baseM_, baseN_) + first * nPad], rows * nPad);
      accQueue_.EnQue(acc);
    }
    // Raised once MTE2 has finished the copy above: the cube may overwrite the slot.
    CrossCoreSetFlag<2, PIPE_MTE2>(FLAG_SLOT_FREE + slot);
    if (rows > 0) {
      Compute(tile, rows, nPad);
      CopyOut(tile, first, rows, nPad);
    }
  }

  __aicore__ inline void CopyInScales(const Tile& tile, uint32_t first, uint32_t rows) {
    DataCopyPadExtParams<float> noPad(false, 0, 0, 0.0f);
    LocalTensor<float> scale = scaleQueue_.AllocTensor<float>();
    DataCopyPad(scale, scaleGm_[static_cast<uint64_t>(tile.group) * n_ + tile.col0],
                DataCopyExtParams(1, tile.cols * sizeof(float), 0, 0, 0), noPad);
    scaleQueue_.EnQue(scale);
    LocalTensor<float> token = tokenQueue_.AllocTensor<float>();
    DataCopyPad(token, tokenScaleGm_[tile.row0 + first], DataCopyExtParams(1, rows * sizeof(float), 0, 0, 0), noPad);
    tokenQueue_.EnQue(token);
  }

  __aicore__ inline void Compute(const Tile& tile, uint32_t rows, uint32_t nPad) {
    LocalTensor<int32_t> acc = accQueue_.DeQue<int32_t>();
    LocalTensor<float> scale = scaleQueue_.DeQue<float>();
    LocalTensor<float> token = tokenQueue_.DeQue<float>();
    LocalTensor<float> value = valueBuf_.Get<float>();
    LocalTensor<float> tokenBlocks = tokenBlockBuf_.Get<float>();
    Cast(value, acc, RoundMode::CAST_NONE, rows * nPad);  // exact below 2^24
    accQueue_.FreeTensor(acc);

    // Rows are nPad floats apart: one repeat per row, 64 columns per call. The column scales
    // are one row read again by every repeat (repeat stride 0); only the valid columns are
    // scaled, the padding keeps its zeros.
    const uint8_t rowStride = static_cast<uint8_t>(nPad / FLOAT_BLOCK);
    for (uint32_t col = 0; col < tile.cols; col += FLOAT_REPEAT) {
      Mul(value[col], value[col], scale[col], static_cast<uint64_t>(Min(FLOAT_REPEAT, tile.cols - col)),
          static_cast<uint8_t>(rows), BinaryRepeatParams(1, 1, 1, rowStride, rowStride, 0));
    }
    // Each row's scale fills one block; block stride 0 reads it for all 8 blocks of a repeat.
    Brcb(tokenBlocks, token, static_cast<uint8_t>(CeilDiv(rows, FLOAT_BLOCK)), BrcbRepeatParams(1, 8));
    for (uint32_t col = 0; col < nPad; col += FLOAT_REPEAT) {
      Mul(value[col], value[col], tokenBlocks, static_cast<uint64_t>(Min(FLOAT_REPEAT, nPad - col)),
          static_cast<uint8_t>(rows), BinaryRepeatParams(1, 1, 0, rowStride, rowStride, 1));
    }
    scaleQueue_.FreeTensor(scale);
    tokenQueue_.FreeTensor(token);

    LocalTensor<half> out = outQueue_.AllocTensor<half>();
    Cast(out, value, RoundMode::CAST_RINT, rows * nPad);
    outQueue_.EnQue(out);
  }

  __aicore__ inline void CopyOut(const Tile& tile, uint32_t first, uint32_t rows, uint32_t nPad) {
    LocalTensor<half> out = outQueue_.DeQue<half>();
    // UB rows are nPad halves apart; a burst of cols halves covers ceil(cols / 16) blocks.
    const uint32_t gapBlocks = nPad / 16 - CeilDiv(tile.cols, 16);
    DataCopyPad(yGm_[static_cast<uint64_t>(tile.row0 + first) * n_ + tile.col0], out,
                DataCopyExtParams(static_cast<uint16_t>(rows), tile.cols * sizeof(half), gapBlocks,
                                  (n_ - tile.cols) * sizeof(half), 0));
    outQueue_.FreeTensor(out);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, 1> accQueue_, scaleQueue_, tokenQueue_;
  TQue<QuePosition::VECOUT, 1> outQueue_;
  TBuf<TPosition::VECCALC> valueBuf_, tokenBlockBuf_;
  GlobalTensor<float> scaleGm_, tokenScaleGm_;
  GlobalTensor<half> yGm_;
  GlobalTensor<int32_t> workspaceGm_;
  TileWalk walk_;
  uint32_t n_ = 0, baseM_ = 0, baseN_ = 0, core_ = 0, sub_ = 0;
};

extern "C" __global__ __aicore__ void grouped_matmul_per_token_dequant(GM_ADDR x, GM_ADDR weight, GM_ADDR scale,
                                                                       GM_ADDR perTokenScale, GM_ADDR groupList,
                                                                       GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  GET_TILING_DATA(tilingData, tiling);
  if ASCEND_IS_AIC {
    GmmCube op;
    op.Init(x, weight, groupList, workspace, tilingData);
    op.Process();
  }
  if ASCEND_IS_AIV {
    GmmDequant op;
    op.Init(scale, perTokenScale, groupList, y, workspace, tilingData);
    op.Process();
  }
}
