// EXPECT-ERROR: has no member named 'ReinterpretCast'
// GlobalTensor::ReinterpretCast does not exist on Atlas A2; re-point SetGlobalBuffer instead.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void view_custom(GM_ADDR x) {
  GlobalTensor<half> xGm;
  xGm.SetGlobalBuffer((__gm__ half*)x, 256);
  GlobalTensor<int16_t> bits = xGm.ReinterpretCast<int16_t>();
  (void)bits;
}
