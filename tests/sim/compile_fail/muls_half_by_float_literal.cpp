// EXPECT-ERROR: no matching function for call to 'Muls(
// The scalar must have the tensor's type: 0.5f is a float, the tensor holds half.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void scale_custom(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 2 * 128 * sizeof(half));
  LocalTensor<half> all = buf.Get<half>();
  Muls(all, all[128], 0.5f, 128);
  (void)x;
}
