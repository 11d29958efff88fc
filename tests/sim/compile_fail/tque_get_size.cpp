// EXPECT-ERROR: has no member named 'GetSize'
// A TQue has no size query; LocalTensor::GetSize is what exists.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void copy_custom(GM_ADDR x) {
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> inQueue;
  pipe.InitBuffer(inQueue, 1, 256);
  uint32_t length = inQueue.GetSize();
  (void)length;
  (void)x;
}
