// EXPECT-ERROR: 'INFINITY' was not declared in this scope
// Kernel code sees no <cmath>: INFINITY does not exist on the NPU toolchain.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void scale_custom(GM_ADDR x) {
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer((__gm__ float*)x, 8);
  xGm.SetValue(0, -INFINITY);
}
