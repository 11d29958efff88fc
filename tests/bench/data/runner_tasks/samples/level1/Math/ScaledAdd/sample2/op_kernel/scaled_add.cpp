// A candidate that reads 256 elements past the end of x: beyond the 512-byte allocation unit too.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void scaled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  const uint32_t length = tilingData.totalLength + 256;
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer((__gm__ float*)x, length);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buffer;
  pipe.InitBuffer(buffer, length * sizeof(float));
  LocalTensor<float> local = buffer.Get<float>();
  DataCopy(local, xGm, length);
}
