// EXPECT-ERROR: Failed to check dtype in Exp
// Exp is defined for half and float only.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void exp_custom(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 2 * 64 * sizeof(int32_t));
  LocalTensor<int32_t> all = buf.Get<int32_t>();
  Exp(all, all[64], 64);
  (void)x;
}
