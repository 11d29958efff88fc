// deadlock: block 0 handles no data and returns early, so it never reaches the SyncAll that the
// other blocks wait in.
#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

constexpr int32_t USE_CORE_NUM = 4;
constexpr int32_t BLOCK_LENGTH = 64;

class KernelTwoPhase {
 public:
  __aicore__ inline void Init(GM_ADDR x) {
    xGm.SetGlobalBuffer((__gm__ float*)x, USE_CORE_NUM * BLOCK_LENGTH);
    pipe.InitBuffer(queue, 1, BLOCK_LENGTH * sizeof(float));
  }
  __aicore__ inline void Process() {
    if (GetBlockIdx() == 0) return;
    LocalTensor<float> local = queue.AllocTensor<float>();
    DataCopy(local, xGm[BLOCK_LENGTH * GetBlockIdx()], BLOCK_LENGTH);
    queue.EnQue(local);
    local = queue.DeQue<float>();
    SyncAll();  // EXPECT-DIAG: deadlock
    DataCopy(xGm[BLOCK_LENGTH * (USE_CORE_NUM - GetBlockIdx())], local, BLOCK_LENGTH);
    queue.FreeTensor(local);
  }

 private:
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> queue;
  GlobalTensor<float> xGm;
};

extern "C" __global__ __aicore__ void two_phase(GM_ADDR x) {
  KernelTwoPhase op;
  op.Init(x);
  op.Process();
}

int32_t main() {
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(USE_CORE_NUM * BLOCK_LENGTH * sizeof(float));
  ICPU_RUN_KF(two_phase, USE_CORE_NUM, x);
  AscendC::GmFree(x);
  return 0;
}
