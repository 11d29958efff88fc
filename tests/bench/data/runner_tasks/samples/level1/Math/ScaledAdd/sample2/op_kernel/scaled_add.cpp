// A candidate that reads x 4 MiB past its start: beyond the 2 MiB allocator segment, where the NPU may fault.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void scaled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  const uint32_t far = (4u << 20) / sizeof(float);
  GlobalTensor<float> xGm;
  xGm.SetGlobalBuffer((__gm__ float*)x, far + tilingData.totalLength);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buffer;
  pipe.InitBuffer(buffer, tilingData.totalLength * sizeof(float));
  LocalTensor<float> local = buffer.Get<float>();
  DataCopy(local, xGm[far], tilingData.totalLength);
}
