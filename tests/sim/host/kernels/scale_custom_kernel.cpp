// ScaleCustom kernel: standard-struct tiling selected with REGISTER_TILING_DEFAULT.
#include "kernel_operator.h"
#include "scale_custom_tiling.h"

using namespace AscendC;

REGISTER_TILING_DEFAULT(ScaleCustomTilingData);

extern "C" __global__ __aicore__ void scale_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  GET_TILING_DATA(tiling_data, tiling);
  GET_TILING_DATA_MEMBER(ScaleCustomTilingData, bias, bias, tiling);
  const uint32_t length = tiling_data.totalLength;
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x, length);
  yGm.SetGlobalBuffer((__gm__ float*)y, length);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, length * sizeof(float));
  LocalTensor<float> local = buf.Get<float>();
  DataCopy(local, xGm, length);
  PipeBarrier<PIPE_ALL>();
  Muls(local, local, tiling_data.alpha, length);
  Adds(local, local, static_cast<float>(bias), length);
  PipeBarrier<PIPE_ALL>();
  DataCopy(yGm, local, length);
}
