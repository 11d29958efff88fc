// assert: the kernel rejects a tiling mode it does not implement with ASSERT(false), on block 1.
#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

constexpr int32_t USE_CORE_NUM = 2;
constexpr int32_t BLOCK_LENGTH = 64;

struct TilingData {
  uint32_t modePerBlock[USE_CORE_NUM];
};

class KernelModes {
 public:
  __aicore__ inline void Init(GM_ADDR x, const TilingData& tiling) {
    xGm.SetGlobalBuffer((__gm__ float*)x + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
    mode = tiling.modePerBlock[GetBlockIdx()];
  }
  __aicore__ inline void Process() {
    switch (mode) {
      case 0: xGm.SetValue(0, 1.0f); break;
      case 1: xGm.SetValue(0, 2.0f); break;
      default: ASSERT(false); break;  // EXPECT-DIAG: assert
    }
  }

 private:
  GlobalTensor<float> xGm;
  uint32_t mode = 0;
};

extern "C" __global__ __aicore__ void modes_custom(GM_ADDR x, TilingData tiling) {
  KernelModes op;
  op.Init(x, tiling);
  op.Process();
}

int32_t main() {
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(USE_CORE_NUM * BLOCK_LENGTH * sizeof(float));
  const TilingData tiling = {{1, 7}};
  ICPU_RUN_KF(modes_custom, USE_CORE_NUM, x, tiling);
  AscendC::GmFree(x);
  return 0;
}
