// gm-out-of-bounds: the per-core offset is computed from (blockIdx + 1) instead of blockIdx, so
// the last block reads one block length past the end of x.
#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

constexpr int32_t USE_CORE_NUM = 8;
constexpr int32_t BLOCK_LENGTH = 512;
constexpr int32_t TOTAL_LENGTH = USE_CORE_NUM * BLOCK_LENGTH;

class KernelRelu {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float*)x + BLOCK_LENGTH * (GetBlockIdx() + 1), BLOCK_LENGTH);
    yGm.SetGlobalBuffer((__gm__ float*)y + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
    pipe.InitBuffer(inQueueX, 1, BLOCK_LENGTH * sizeof(float));
    pipe.InitBuffer(outQueueY, 1, BLOCK_LENGTH * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> xLocal = inQueueX.AllocTensor<float>();
    DataCopy(xLocal, xGm, BLOCK_LENGTH);  // EXPECT-DIAG: gm-out-of-bounds
    inQueueX.EnQue(xLocal);
    xLocal = inQueueX.DeQue<float>();
    LocalTensor<float> yLocal = outQueueY.AllocTensor<float>();
    Max(yLocal, xLocal, xLocal, BLOCK_LENGTH);
    outQueueY.EnQue(yLocal);
    inQueueX.FreeTensor(xLocal);
    yLocal = outQueueY.DeQue<float>();
    DataCopy(yGm, yLocal, BLOCK_LENGTH);
    outQueueY.FreeTensor(yLocal);
  }

 private:
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> inQueueX;
  TQue<QuePosition::VECOUT, 1> outQueueY;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void relu_custom(GM_ADDR x, GM_ADDR y) {
  KernelRelu op;
  op.Init(x, y);
  op.Process();
}

int32_t main() {
  const size_t byteSize = TOTAL_LENGTH * sizeof(float);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(byteSize);
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(byteSize);
  ICPU_RUN_KF(relu_custom, USE_CORE_NUM, x, y);
  AscendC::GmFree(x);
  AscendC::GmFree(y);
  return 0;
}
