// unaligned-copy: each block copies 12 floats (48 bytes) with the count form of DataCopy. The data
// movers copy whole 32-byte blocks only, so 8 floats arrive and the tail keeps its old value. The
// program prints the output so the test can check exactly that.
#include <cstdio>

#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

constexpr int32_t USE_CORE_NUM = 2;
constexpr int32_t BLOCK_LENGTH = 12;
constexpr int32_t TOTAL_LENGTH = USE_CORE_NUM * BLOCK_LENGTH;

class KernelCopy {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float*)x + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
    yGm.SetGlobalBuffer((__gm__ float*)y + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
    pipe.InitBuffer(queue, 1, 64);
  }
  __aicore__ inline void Process() {
    LocalTensor<float> local = queue.AllocTensor<float>();
    DataCopy(local, xGm, BLOCK_LENGTH);  // EXPECT-DIAG: unaligned-copy in
    queue.EnQue(local);
    local = queue.DeQue<float>();
    DataCopy(yGm, local, BLOCK_LENGTH);  // EXPECT-DIAG: unaligned-copy out
    queue.FreeTensor(local);
  }

 private:
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> queue;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void copy_custom(GM_ADDR x, GM_ADDR y) {
  KernelCopy op;
  op.Init(x, y);
  op.Process();
}

int32_t main() {
  float* x = (float*)AscendC::GmAlloc(TOTAL_LENGTH * sizeof(float));
  float* y = (float*)AscendC::GmAlloc(TOTAL_LENGTH * sizeof(float));
  for (int32_t i = 0; i < TOTAL_LENGTH; ++i) {
    x[i] = float(i + 1);
    y[i] = -1.0f;
  }
  ICPU_RUN_KF(copy_custom, USE_CORE_NUM, (uint8_t*)x, (uint8_t*)y);
  for (int32_t i = 0; i < TOTAL_LENGTH; ++i) std::printf("%g\n", double(y[i]));
  AscendC::GmFree(x);
  AscendC::GmFree(y);
  return 0;
}
