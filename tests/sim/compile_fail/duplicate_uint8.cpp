// EXPECT-ERROR: Failed to check dtype in Duplicate
// Duplicate has no 8-bit form on Atlas A2.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void fill_custom(GM_ADDR y) {
  TPipe pipe;
  TQue<QuePosition::VECOUT, 1> outQueue;
  GlobalTensor<uint8_t> yGm;
  yGm.SetGlobalBuffer((__gm__ uint8_t*)y, 256);
  pipe.InitBuffer(outQueue, 1, 256);
  LocalTensor<uint8_t> yLocal = outQueue.AllocTensor<uint8_t>();
  Duplicate(yLocal, uint8_t(1), 256);
  outQueue.EnQue(yLocal);
}
