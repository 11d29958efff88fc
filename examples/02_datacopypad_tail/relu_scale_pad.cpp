// y = relu(x) * 2 + 1 on float, 8 cores x 1003 elements. 1003 floats are 4012 bytes, not a multiple
// of the 32-byte DataBlock, so neither a core's start in GM nor its last tile is block aligned:
// DataCopy's count form would silently drop the tail. DataCopyPad moves exact byte lengths from
// and to any GM address and lands each burst 32-byte aligned in UB.
#include "kernel_operator.h"

constexpr int32_t USE_CORE_NUM = 8;
constexpr int32_t BLOCK_LENGTH = 1003;  // elements per core
constexpr int32_t TILE_LENGTH = 256;    // elements per full tile (1 KiB)
constexpr int32_t TILE_NUM = (BLOCK_LENGTH + TILE_LENGTH - 1) / TILE_LENGTH;
constexpr int32_t TAIL_LENGTH = BLOCK_LENGTH - (TILE_NUM - 1) * TILE_LENGTH;  // 235 elements
constexpr int32_t BUFFER_NUM = 2;
constexpr float SCALE = 2.0f;
constexpr float BIAS = 1.0f;

class KernelReluScalePad {
 public:
  __aicore__ inline KernelReluScalePad() {}

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    const int64_t blockOffset = int64_t(BLOCK_LENGTH) * AscendC::GetBlockIdx();
    xGm.SetGlobalBuffer((__gm__ float*)x + blockOffset, BLOCK_LENGTH);
    yGm.SetGlobalBuffer((__gm__ float*)y + blockOffset, BLOCK_LENGTH);
    pipe.InitBuffer(inQueueX, BUFFER_NUM, TILE_LENGTH * sizeof(float));
    pipe.InitBuffer(outQueueY, BUFFER_NUM, TILE_LENGTH * sizeof(float));
  }

  __aicore__ inline void Process() {
    for (int32_t i = 0; i < TILE_NUM; i++) {
      const uint32_t length = i == TILE_NUM - 1 ? TAIL_LENGTH : TILE_LENGTH;
      CopyIn(i, length);
      Compute(length);
      CopyOut(i, length);
    }
  }

 private:
  __aicore__ inline void CopyIn(int32_t progress, uint32_t length) {
    AscendC::LocalTensor<float> xLocal = inQueueX.AllocTensor<float>();
    // One burst of `length` floats; blockLen is in bytes, GM stride in bytes, UB stride in blocks.
    AscendC::DataCopyExtParams copyParams{1, static_cast<uint32_t>(length * sizeof(float)), 0, 0, 0};
    AscendC::DataCopyPadExtParams<float> padParams{false, 0, 0, 0};
    AscendC::DataCopyPad(xLocal, xGm[progress * TILE_LENGTH], copyParams, padParams);
    inQueueX.EnQue(xLocal);
  }

  __aicore__ inline void Compute(uint32_t length) {
    AscendC::LocalTensor<float> xLocal = inQueueX.DeQue<float>();
    AscendC::LocalTensor<float> yLocal = outQueueY.AllocTensor<float>();
    const int32_t count = static_cast<int32_t>(length);
    AscendC::Relu(yLocal, xLocal, count);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls(yLocal, yLocal, SCALE, count);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Adds(yLocal, yLocal, BIAS, count);
    outQueueY.EnQue<float>(yLocal);
    inQueueX.FreeTensor(xLocal);
  }

  __aicore__ inline void CopyOut(int32_t progress, uint32_t length) {
    AscendC::LocalTensor<float> yLocal = outQueueY.DeQue<float>();
    // UB->GM writes exactly blockLen bytes, so the neighbouring core's first element is untouched.
    AscendC::DataCopyExtParams copyParams{1, static_cast<uint32_t>(length * sizeof(float)), 0, 0, 0};
    AscendC::DataCopyPad(yGm[progress * TILE_LENGTH], yLocal, copyParams);
    outQueueY.FreeTensor(yLocal);
  }

  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::VECIN, BUFFER_NUM> inQueueX;
  AscendC::TQue<AscendC::TPosition::VECOUT, BUFFER_NUM> outQueueY;
  AscendC::GlobalTensor<float> xGm;
  AscendC::GlobalTensor<float> yGm;
};

extern "C" __global__ __aicore__ void relu_scale_pad(GM_ADDR x, GM_ADDR y) {
  KernelReluScalePad op;
  op.Init(x, y);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
// Host-side launcher for the NPU build (the <<<>>> syntax needs the bisheng compiler).
void relu_scale_pad_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y) {
  relu_scale_pad<<<blockDim, nullptr, stream>>>(x, y);
}
#endif
