// EXPECT-ERROR: no matching function for call to 'DataCopy(
// DataCopy moves bytes of one dtype; converting half to float needs a Cast in UB.
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void widen_custom(GM_ADDR x) {
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> inQueue;
  GlobalTensor<half> xGm;
  xGm.SetGlobalBuffer((__gm__ half*)x, 256);
  pipe.InitBuffer(inQueue, 1, 256 * sizeof(float));
  LocalTensor<float> xLocal = inQueue.AllocTensor<float>();
  DataCopy(xLocal, xGm, 256);
  inQueue.EnQue(xLocal);
}
