// uninitialized-read: CopyOut sends a freshly allocated output tensor to GM because Compute was
// forgotten. The warning is printed once for the call site although it runs for every tile.
#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

constexpr int32_t USE_CORE_NUM = 2;
constexpr int32_t TILE_NUM = 4;
constexpr int32_t TILE_LENGTH = 64;
constexpr int32_t BLOCK_LENGTH = TILE_NUM * TILE_LENGTH;

class KernelCopy {
 public:
  __aicore__ inline void Init(GM_ADDR y) {
    yGm.SetGlobalBuffer((__gm__ float*)y + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
    pipe.InitBuffer(outQueueY, 2, TILE_LENGTH * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (int32_t progress = 0; progress < TILE_NUM; ++progress) {
      LocalTensor<float> yLocal = outQueueY.AllocTensor<float>();
      outQueueY.EnQue(yLocal);
      yLocal = outQueueY.DeQue<float>();
      DataCopy(yGm[progress * TILE_LENGTH], yLocal, TILE_LENGTH);  // EXPECT-DIAG: uninitialized-read
      outQueueY.FreeTensor(yLocal);
    }
  }

 private:
  TPipe pipe;
  TQue<QuePosition::VECOUT, 2> outQueueY;
  GlobalTensor<float> yGm;
};

extern "C" __global__ __aicore__ void copy_custom(GM_ADDR y) {
  KernelCopy op;
  op.Init(y);
  op.Process();
}

int32_t main() {
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(USE_CORE_NUM * BLOCK_LENGTH * sizeof(float));
  ICPU_RUN_KF(copy_custom, USE_CORE_NUM, y);
  AscendC::GmFree(y);
  return 0;
}
