// EXPECT-ERROR: Failed to check dtype in Mmad
// Mmad multiplies two inputs of one type on A2: half x float does not exist.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void mixed_mmad_custom(GM_ADDR x) {
  (void)x;
  TPipe pipe;
  TBuf<TPosition::A2> a2;
  TBuf<TPosition::B2> b2;
  TBuf<TPosition::CO1> c1;
  pipe.InitBuffer(a2, 512);
  pipe.InitBuffer(b2, 1024);
  pipe.InitBuffer(c1, 1024);
  Mmad(c1.Get<float>(), a2.Get<half>(), b2.Get<float>(), MmadParams(16, 16, 16, 0, false, true));
}
