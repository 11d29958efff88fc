// EXPECT-ERROR: has no member named 'AllocTensor'
// Tensors come from a TQue or TBuf, never from the TPipe itself.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void alloc_custom(GM_ADDR x) {
  TPipe pipe;
  LocalTensor<float> local = pipe.AllocTensor<float>();
  (void)local;
  (void)x;
}
