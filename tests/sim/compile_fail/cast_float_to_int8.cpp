// EXPECT-ERROR: Failed to check dtype in Cast
// Atlas A2 has no float -> int8 conversion; it goes through half.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void quant_custom(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> srcBuf, dstBuf;
  pipe.InitBuffer(srcBuf, 64 * sizeof(float));
  pipe.InitBuffer(dstBuf, 64 * sizeof(int8_t));
  LocalTensor<float> src = srcBuf.Get<float>();
  LocalTensor<int8_t> dst = dstBuf.Get<int8_t>();
  Cast(dst, src, RoundMode::CAST_RINT, 64);
  (void)x;
}
