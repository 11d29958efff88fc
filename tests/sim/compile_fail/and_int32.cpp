// EXPECT-ERROR: Failed to check dtype in And
// And works on 16-bit integers only on Atlas A2.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void and_custom(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 3 * 64 * sizeof(int32_t));
  LocalTensor<int32_t> all = buf.Get<int32_t>();
  And(all, all[64], all[128], 64);
  (void)x;
}
