// A correct candidate whose last block also stores its tile 8 KiB past z's end, as a kernel with a
// wrong output stride does: inside the allocator segment, so the NPU does not fault; a warning.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void scaled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling) {
  (void)workspace;
  GET_TILING_DATA(tilingData, tiling);
  const uint32_t length = tilingData.blockLength;
  const uint32_t offset = length * static_cast<uint32_t>(GetBlockIdx());
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
  Muls(yLocal, yLocal, static_cast<DTYPE_Y>(tilingData.alpha), length);
  Add(xLocal, xLocal, yLocal, length);
  PipeBarrier<PIPE_ALL>();
  DataCopy(zGm, xLocal, length);
  if (GetBlockIdx() + 1 == GetBlockNum()) DataCopy(zGm[length + 2048], xLocal, length);
}
