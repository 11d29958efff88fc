// AddCustom kernel: compiled with the prelude akgen generates from the op_host code, so
// GET_TILING_DATA resolves AddCustomTilingData and DTYPE_X is the input dtype. It includes CANN's
// kernel-side tiling header first, as generated CANN kernels do.
#include "kernel_tiling/kernel_tiling.h"
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  GET_TILING_DATA(tiling_data, tiling);
  const uint32_t block = static_cast<uint32_t>(GetBlockIdx());
  uint32_t offset = 0;
  for (uint32_t i = 0; i < block; ++i) offset += tiling_data.blockLength[i];
  const uint32_t length = tiling_data.blockLength[block];
  if (tiling_data.checksum != 0x0123456789ABCDEFull) return;  // a layout mismatch leaves z untouched

  GlobalTensor<DTYPE_X> xGm, yGm;
  GlobalTensor<DTYPE_Z> zGm;
  xGm.SetGlobalBuffer((__gm__ DTYPE_X*)x + offset, length);
  yGm.SetGlobalBuffer((__gm__ DTYPE_Y*)y + offset, length);
  zGm.SetGlobalBuffer((__gm__ DTYPE_Z*)z + offset, length);
  TPipe pipe;
  TBuf<TPosition::VECCALC> xBuf, yBuf;
  pipe.InitBuffer(xBuf, length * sizeof(DTYPE_X));
  pipe.InitBuffer(yBuf, length * sizeof(DTYPE_Y));
  LocalTensor<DTYPE_X> xLocal = xBuf.Get<DTYPE_X>();
  LocalTensor<DTYPE_Y> yLocal = yBuf.Get<DTYPE_Y>();
  DataCopy(xLocal, xGm, length);
  DataCopy(yLocal, yGm, length);
  PipeBarrier<PIPE_ALL>();
  Add(xLocal, xLocal, yLocal, length);
  if (TILING_KEY_IS(1) && tiling_data.scale.enabled) {
    const DTYPE_X factor = tiling_data.scale.factor;
    Muls(xLocal, xLocal, factor, length);
  }
  PipeBarrier<PIPE_ALL>();
  DataCopy(zGm, xLocal, length);
}
