// EXPECT-ERROR: Failed to check dtype in TransDataTo5HD
// TransDataTo5HD has no bfloat16_t form on Atlas A2.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void trans_data_custom(GM_ADDR x) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 2 * 256 * sizeof(bfloat16_t));
  LocalTensor<bfloat16_t> all = buf.Get<bfloat16_t>();
  LocalTensor<bfloat16_t> dstList[16];
  LocalTensor<bfloat16_t> srcList[16];
  for (int i = 0; i < 16; ++i) {
    dstList[i] = all[16 * i];
    srcList[i] = all[256 + 16 * i];
  }
  TransDataTo5HD(dstList, srcList, TransDataTo5HDParams());
  (void)x;
}
