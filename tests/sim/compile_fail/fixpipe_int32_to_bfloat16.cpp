// EXPECT-ERROR: Failed to check dtype in Fixpipe
// The A2 fixpipe turns int32_t into int32_t, half, int8_t or uint8_t, never bfloat16_t.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void int_to_bf16_custom(GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::CO1> c1;
  pipe.InitBuffer(c1, 1024);
  GlobalTensor<bfloat16_t> yGm;
  yGm.SetGlobalBuffer((__gm__ bfloat16_t*)y, 256);
  Fixpipe(yGm, c1.Get<int32_t>(), FixpipeParamsV220(16, 16, 16, 16, false));
}
