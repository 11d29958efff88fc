// sync-hazard and unpaired-flag: y = x + x on one block, with the synchronisation the mode asks for.
//   no-sync       DataCopy into a TBuf, then Add reads it: nothing orders MTE2 before V
//   flags         the same, ordered by SetFlag/WaitFlag<MTE2_V> and <V_MTE3>: correct in any mode
//   wait-unset    as flags, plus a WaitFlag no SetFlag matches (hangs on hardware)
//   set-unwaited  as flags, plus a SetFlag nothing waits on
// The program prints y so the tests can check the result.
#include <cstdio>
#include <cstring>

#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

constexpr int32_t LENGTH = 256;
const char* gMode = "";

extern "C" __global__ __aicore__ void add_self(GM_ADDR x, GM_ADDR y) {
  const bool flags = std::strcmp(gMode, "no-sync") != 0;
  TPipe pipe;
  TBuf<TPosition::VECCALC> inBuf, outBuf;
  pipe.InitBuffer(inBuf, LENGTH * sizeof(float));
  pipe.InitBuffer(outBuf, LENGTH * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float*)x, LENGTH);
  yGm.SetGlobalBuffer((__gm__ float*)y, LENGTH);
  LocalTensor<float> in = inBuf.Get<float>();
  LocalTensor<float> out = outBuf.Get<float>();
  DataCopy(in, xGm, LENGTH);
  if (flags) {
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
  }
  if (std::strcmp(gMode, "wait-unset") == 0) WaitFlag<HardEvent::MTE2_V>(1);  // EXPECT-DIAG: wait-unset
  Add(out, in, in, LENGTH);  // EXPECT-DIAG: no-sync add
  if (flags) {
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
  }
  DataCopy(yGm, out, LENGTH);
  if (std::strcmp(gMode, "set-unwaited") == 0) SetFlag<HardEvent::MTE3_MTE2>(2);  // EXPECT-DIAG: set-unwaited
}

int32_t main(int32_t argc, char** argv) {
  gMode = argc > 1 ? argv[1] : "";
  float* x = (float*)AscendC::GmAlloc(LENGTH * sizeof(float));
  float* y = (float*)AscendC::GmAlloc(LENGTH * sizeof(float));
  for (int32_t i = 0; i < LENGTH; ++i) x[i] = float(i);
  ICPU_RUN_KF(add_self, 1, (uint8_t*)x, (uint8_t*)y);
  int32_t mismatches = 0;
  for (int32_t i = 0; i < LENGTH; ++i) mismatches += y[i] != 2.0f * float(i);
  std::printf("mismatches: %d\n", mismatches);
  AscendC::GmFree(x);
  AscendC::GmFree(y);
  return 0;
}
