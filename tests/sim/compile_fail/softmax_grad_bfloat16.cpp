// EXPECT-ERROR: Failed to check dtype in SoftmaxGrad
// SoftmaxGrad is defined for half and float only.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void softmax_grad_custom(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 3 * 2 * 16 * sizeof(bfloat16_t));
  LocalTensor<bfloat16_t> all = buf.Get<bfloat16_t>();
  SoftMaxTiling tiling;
  SoftmaxGrad<bfloat16_t>(all, all[32], all[64], tiling, false, SoftMaxShapeInfo{2, 16, 2, 16});
  (void)x;
}
