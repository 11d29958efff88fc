// EXPECT-COMPILES
// The harness's positive control: a plain copy-add-copy kernel must compile, so a failure in the
// other cases comes from the mistake they contain and not from the harness.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> inQueueX, inQueueY;
  TQue<QuePosition::VECOUT, 1> outQueueZ;
  GlobalTensor<half> xGm, yGm, zGm;
  xGm.SetGlobalBuffer((__gm__ half*)x, 128);
  yGm.SetGlobalBuffer((__gm__ half*)y, 128);
  zGm.SetGlobalBuffer((__gm__ half*)z, 128);
  pipe.InitBuffer(inQueueX, 1, 128 * sizeof(half));
  pipe.InitBuffer(inQueueY, 1, 128 * sizeof(half));
  pipe.InitBuffer(outQueueZ, 1, 128 * sizeof(half));
  LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
  LocalTensor<half> yLocal = inQueueY.AllocTensor<half>();
  DataCopy(xLocal, xGm, 128);
  DataCopy(yLocal, yGm, 128);
  inQueueX.EnQue(xLocal);
  inQueueY.EnQue(yLocal);
  xLocal = inQueueX.DeQue<half>();
  yLocal = inQueueY.DeQue<half>();
  LocalTensor<half> zLocal = outQueueZ.AllocTensor<half>();
  Add(zLocal, xLocal, yLocal, 128);
  outQueueZ.EnQue(zLocal);
  inQueueX.FreeTensor(xLocal);
  inQueueY.FreeTensor(yLocal);
  zLocal = outQueueZ.DeQue<half>();
  DataCopy(zGm, zLocal, 128);
  outQueueZ.FreeTensor(zLocal);
}
