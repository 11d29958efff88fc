// ub-out-of-bounds: as CrossEntropyLossGrad's tiling does for 10 classes, the kernel sizes a
// scratch buffer to 0 bytes and then writes 10 floats into it. On the NPU they land in the buffer
// placed next, which the kernel copies out: a warning (an error under AKGEN_SIM_STRICT=1), and y
// holds exp(x). With argv[1] "past-ub" a filler buffer puts the scratch buffer at the end of the UB
// (and the next one past it, an InitBuffer warning), so the write faults.
#include <cstdio>
#include <cstring>

#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

constexpr int32_t USE_CORE_NUM = 2;
constexpr int32_t CLASSES = 10;
constexpr uint32_t ROW_BYTES = 16 * sizeof(float);
constexpr uint32_t CLASS_BYTES = CLASSES * sizeof(float);

bool g_scratchAtTheEndOfUb = false;

class KernelExp {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float*)x + CLASSES * GetBlockIdx(), CLASSES);
    yGm.SetGlobalBuffer((__gm__ float*)y + CLASSES * GetBlockIdx(), CLASSES);
    pipe.InitBuffer(inBuf, ROW_BYTES);
    if (g_scratchAtTheEndOfUb) pipe.InitBuffer(fillBuf, 196608 - ROW_BYTES);
    pipe.InitBuffer(scratchBuf, 0);
    pipe.InitBuffer(nextBuf, ROW_BYTES);  // EXPECT-DIAG: next buffer
  }
  __aicore__ inline void Process() {
    LocalTensor<float> in = inBuf.Get<float>();
    DataCopyPad(in, xGm, {1, CLASS_BYTES, 0, 0, 0}, {false, 0, 0, 0});
    PipeBarrier<PIPE_ALL>();
    LocalTensor<float> scratch = scratchBuf.Get<float>();
    Exp(scratch, in, CLASSES);  // EXPECT-DIAG: ub-out-of-bounds
    PipeBarrier<PIPE_ALL>();
    DataCopyPad(yGm, nextBuf.Get<float>(), {1, CLASS_BYTES, 0, 0, 0});
  }

 private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> inBuf, fillBuf, scratchBuf, nextBuf;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void exp_custom(GM_ADDR x, GM_ADDR y) {
  KernelExp op;
  op.Init(x, y);
  op.Process();
}

int32_t main(int32_t argc, char* argv[]) {
  if (argc > 1) {
    if (std::strcmp(argv[1], "past-ub") != 0) return 2;
    g_scratchAtTheEndOfUb = true;
  }
  const size_t byteSize = USE_CORE_NUM * CLASSES * sizeof(float);
  float* x = (float*)AscendC::GmAlloc(byteSize);
  float* y = (float*)AscendC::GmAlloc(byteSize);
  for (int32_t i = 0; i < USE_CORE_NUM * CLASSES; ++i) x[i] = 0.1f * float(i % CLASSES);
  ICPU_RUN_KF(exp_custom, USE_CORE_NUM, (GM_ADDR)x, (GM_ADDR)y);
  for (int32_t i = 0; i < USE_CORE_NUM * CLASSES; ++i) std::printf("%.6f\n", y[i]);
  AscendC::GmFree(x);
  AscendC::GmFree(y);
  return 0;
}
