// A float16 matmul on the cube path, C[128, 192] = A[128, 256] x B[256, 192] in float32, on 4 cube
// cores: core i computes the 64 x 96 output tile (i / 2, i % 2). K is walked in steps of 64:
//   GM -> L1 (A1/B1): DataCopy with Nd2NzParams turns the row-major tiles into NZ fractals;
//   L1 -> L0A (A2): LoadData, one call per K block of 16 gathering its 4 row blocks (Zz layout);
//   L1 -> L0B (B2): LoadData with ifTranspose, one call per K block transposing its 6 fractals (Zn);
//   Mmad into L0C (CO1): the first step starts from zero, the others accumulate;
//   L0C -> GM: Fixpipe converts NZ back to row major (float32 kept as is, NoQuant).
// Each stage hands its buffer to the next through a TQue; the L1 and L0 queues hold two buffers, so
// on the NPU the copy of step k + 1 overlaps the Mmad of step k.
#include "kernel_operator.h"

constexpr uint32_t M = 128, N = 192, K = 256;
constexpr uint32_t TILE_M = 64, TILE_N = 96, STEP_K = 64;
constexpr uint32_t TILES_N = N / TILE_N;
constexpr uint32_t C0 = 16;  // half values per 32-byte block, and a fractal's edge (16 x 16 halves)
constexpr uint32_t FRACTAL = C0 * C0;
constexpr uint32_t M_BLOCKS = TILE_M / C0, N_BLOCKS = TILE_N / C0, K_BLOCKS = STEP_K / C0;
constexpr int32_t BUFFER_NUM = 2;

class KernelCubeMatmul {
 public:
  __aicore__ inline KernelCubeMatmul() {}

  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
    const uint32_t row0 = AscendC::GetBlockIdx() / TILES_N * TILE_M;
    const uint32_t col0 = AscendC::GetBlockIdx() % TILES_N * TILE_N;
    aGm.SetGlobalBuffer((__gm__ half*)a + row0 * K, TILE_M * K);
    bGm.SetGlobalBuffer((__gm__ half*)b + col0, K * N);
    cGm.SetGlobalBuffer((__gm__ float*)c + row0 * N + col0, TILE_M * N);
    pipe.InitBuffer(inQueueA1, BUFFER_NUM, TILE_M * STEP_K * sizeof(half));
    pipe.InitBuffer(inQueueB1, BUFFER_NUM, STEP_K * TILE_N * sizeof(half));
    pipe.InitBuffer(inQueueA2, BUFFER_NUM, TILE_M * STEP_K * sizeof(half));
    pipe.InitBuffer(inQueueB2, BUFFER_NUM, STEP_K * TILE_N * sizeof(half));
    pipe.InitBuffer(outQueueCO1, 1, TILE_M * TILE_N * sizeof(float));
  }

  __aicore__ inline void Process() {
    AscendC::LocalTensor<float> c1 = outQueueCO1.AllocTensor<float>();
    for (uint32_t step = 0; step < K / STEP_K; ++step) {
      CopyIn(step);
      SplitA();
      SplitB();
      Compute(c1, step == 0);
    }
    outQueueCO1.EnQue(c1);
    CopyOut();
  }

 private:
  __aicore__ inline void CopyIn(uint32_t step) {
    AscendC::LocalTensor<half> a1 = inQueueA1.AllocTensor<half>();
    AscendC::LocalTensor<half> b1 = inQueueB1.AllocTensor<half>();
    // Nd2NzParams(ndNum, nValue rows, dValue columns, srcNdMatrixStride, srcDValue (the GM row
    // length), dstNzC0Stride (rows between 16-column blocks), dstNzNStride, dstNzMatrixStride).
    AscendC::DataCopy(a1, aGm[step * STEP_K], AscendC::Nd2NzParams(1, TILE_M, STEP_K, 0, K, TILE_M, 1, 0));
    AscendC::DataCopy(b1, bGm[step * STEP_K * N], AscendC::Nd2NzParams(1, STEP_K, TILE_N, 0, N, STEP_K, 1, 0));
    inQueueA1.EnQue(a1);
    inQueueB1.EnQue(b1);
  }

  // L1 holds A as NZ: the 4 row blocks of a K block are consecutive fractals. L0A wants Zz: the K
  // blocks of a row block are consecutive, so each K block's fractals land K_BLOCKS apart.
  __aicore__ inline void SplitA() {
    AscendC::LocalTensor<half> a1 = inQueueA1.DeQue<half>();
    AscendC::LocalTensor<half> a2 = inQueueA2.AllocTensor<half>();
    // LoadData2DParams(startIndex, repeatTimes, srcStride, sid, dstGap, ifTranspose, addrMode);
    // strides count 512-byte fractals.
    for (uint32_t kb = 0; kb < K_BLOCKS; ++kb) {
      AscendC::LoadData(a2[kb * FRACTAL], a1[kb * TILE_M * C0],
                        AscendC::LoadData2DParams(0, M_BLOCKS, 1, 0, K_BLOCKS - 1, false, 0));
    }
    inQueueA2.EnQue(a2);
    inQueueA1.FreeTensor(a1);
  }

  // L1 holds B (STEP_K x TILE_N) as NZ: the fractals of one K block lie STEP_K rows apart. L0B wants
  // Zn: one K block's fractals side by side, each transposed (column major inside).
  __aicore__ inline void SplitB() {
    AscendC::LocalTensor<half> b1 = inQueueB1.DeQue<half>();
    AscendC::LocalTensor<half> b2 = inQueueB2.AllocTensor<half>();
    for (uint32_t kb = 0; kb < K_BLOCKS; ++kb) {
      AscendC::LoadData(b2[kb * N_BLOCKS * FRACTAL], b1[kb * FRACTAL],
                        AscendC::LoadData2DParams(0, N_BLOCKS, STEP_K / C0, 0, 0, true, 0));
    }
    inQueueB2.EnQue(b2);
    inQueueB1.FreeTensor(b1);
  }

  __aicore__ inline void Compute(const AscendC::LocalTensor<float>& c1, bool first) {
    AscendC::LocalTensor<half> a2 = inQueueA2.DeQue<half>();
    AscendC::LocalTensor<half> b2 = inQueueB2.DeQue<half>();
    // MmadParams(m, n, k, unitFlag, cmatrixSource, cmatrixInitVal): C = 0 + A x B on the first
    // step, C += A x B afterwards.
    AscendC::Mmad(c1, a2, b2, AscendC::MmadParams(TILE_M, TILE_N, STEP_K, 0, false, first));
    inQueueA2.FreeTensor(a2);
    inQueueB2.FreeTensor(b2);
  }

  __aicore__ inline void CopyOut() {
    AscendC::LocalTensor<float> c1 = outQueueCO1.DeQue<float>();
    // FixpipeParamsV220(nSize, mSize, srcStride (L0C rows between 16-column blocks), dstStride (the
    // GM row length), reluEn); quantPre stays NoQuant: float32 out.
    AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(
        cGm, c1, AscendC::FixpipeParamsV220(TILE_N, TILE_M, TILE_M, N, false));
    outQueueCO1.FreeTensor(c1);
  }

  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::A1, 1> inQueueA1;
  AscendC::TQue<AscendC::TPosition::B1, 1> inQueueB1;
  AscendC::TQue<AscendC::TPosition::A2, 1> inQueueA2;
  AscendC::TQue<AscendC::TPosition::B2, 1> inQueueB2;
  AscendC::TQue<AscendC::TPosition::CO1, 1> outQueueCO1;
  AscendC::GlobalTensor<half> aGm;
  AscendC::GlobalTensor<half> bGm;
  AscendC::GlobalTensor<float> cGm;
};

extern "C" __global__ __aicore__ void cube_matmul(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  KernelCubeMatmul op;
  op.Init(a, b, c);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
// Host-side launcher for the NPU build (the <<<>>> syntax needs the bisheng compiler).
void cube_matmul_do(uint32_t blockDim, void* stream, uint8_t* a, uint8_t* b, uint8_t* c) {
  cube_matmul<<<blockDim, nullptr, stream>>>(a, b, c);
}
#endif
