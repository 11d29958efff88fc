// z = x + y on half vectors, split evenly over 8 AI vector cores. Each core walks its slice in
// tiles; with two buffers per queue the copy-in of tile i+1 can overlap the Add of tile i.
#include "kernel_operator.h"

constexpr int32_t TOTAL_LENGTH = 8 * 4096;                             // elements in x, y and z
constexpr int32_t USE_CORE_NUM = 8;                                    // blockDim
constexpr int32_t BLOCK_LENGTH = TOTAL_LENGTH / USE_CORE_NUM;          // elements per core
constexpr int32_t TILE_NUM = 8;                                        // tiles per core and buffer
constexpr int32_t BUFFER_NUM = 2;                                      // double buffering
constexpr int32_t TILE_LENGTH = BLOCK_LENGTH / TILE_NUM / BUFFER_NUM;  // 256 halves = 512 bytes

class KernelAddDoubleBuffer {
 public:
  __aicore__ inline KernelAddDoubleBuffer() {}

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
    const int64_t blockOffset = BLOCK_LENGTH * AscendC::GetBlockIdx();
    xGm.SetGlobalBuffer((__gm__ half*)x + blockOffset, BLOCK_LENGTH);
    yGm.SetGlobalBuffer((__gm__ half*)y + blockOffset, BLOCK_LENGTH);
    zGm.SetGlobalBuffer((__gm__ half*)z + blockOffset, BLOCK_LENGTH);
    pipe.InitBuffer(inQueueX, BUFFER_NUM, TILE_LENGTH * sizeof(half));
    pipe.InitBuffer(inQueueY, BUFFER_NUM, TILE_LENGTH * sizeof(half));
    pipe.InitBuffer(outQueueZ, BUFFER_NUM, TILE_LENGTH * sizeof(half));
  }

  __aicore__ inline void Process() {
    constexpr int32_t loopCount = TILE_NUM * BUFFER_NUM;
    for (int32_t i = 0; i < loopCount; i++) {
      CopyIn(i);
      Compute(i);
      CopyOut(i);
    }
  }

 private:
  __aicore__ inline void CopyIn(int32_t progress) {
    AscendC::LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
    AscendC::LocalTensor<half> yLocal = inQueueY.AllocTensor<half>();
    AscendC::DataCopy(xLocal, xGm[progress * TILE_LENGTH], TILE_LENGTH);
    AscendC::DataCopy(yLocal, yGm[progress * TILE_LENGTH], TILE_LENGTH);
    inQueueX.EnQue(xLocal);
    inQueueY.EnQue(yLocal);
  }

  __aicore__ inline void Compute(int32_t) {
    AscendC::LocalTensor<half> xLocal = inQueueX.DeQue<half>();
    AscendC::LocalTensor<half> yLocal = inQueueY.DeQue<half>();
    AscendC::LocalTensor<half> zLocal = outQueueZ.AllocTensor<half>();
    AscendC::Add(zLocal, xLocal, yLocal, TILE_LENGTH);
    outQueueZ.EnQue<half>(zLocal);
    inQueueX.FreeTensor(xLocal);
    inQueueY.FreeTensor(yLocal);
  }

  __aicore__ inline void CopyOut(int32_t progress) {
    AscendC::LocalTensor<half> zLocal = outQueueZ.DeQue<half>();
    AscendC::DataCopy(zGm[progress * TILE_LENGTH], zLocal, TILE_LENGTH);
    outQueueZ.FreeTensor(zLocal);
  }

  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::VECIN, BUFFER_NUM> inQueueX;
  AscendC::TQue<AscendC::TPosition::VECIN, BUFFER_NUM> inQueueY;
  AscendC::TQue<AscendC::TPosition::VECOUT, BUFFER_NUM> outQueueZ;
  AscendC::GlobalTensor<half> xGm;
  AscendC::GlobalTensor<half> yGm;
  AscendC::GlobalTensor<half> zGm;
};

extern "C" __global__ __aicore__ void add_double_buffer(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  KernelAddDoubleBuffer op;
  op.Init(x, y, z);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
// Host-side launcher for the NPU build (the <<<>>> syntax needs the bisheng compiler).
void add_double_buffer_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y, uint8_t* z) {
  add_double_buffer<<<blockDim, nullptr, stream>>>(x, y, z);
}
#endif
