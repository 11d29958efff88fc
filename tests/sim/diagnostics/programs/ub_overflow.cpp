// ub-overflow: three double-buffered queues of 40 KiB tiles need 240 KiB of a 192 KiB Unified Buffer.
// InitBuffer warns (an error under AKGEN_SIM_STRICT=1): the hardware faults only when the kernel
// touches bytes past the end, which the Add into z does. With argv[1] "untouched" the kernel adds
// in place and never uses z's buffers, and so runs to the end.
#include <cstring>

#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

constexpr int32_t USE_CORE_NUM = 8;
constexpr int32_t BLOCK_LENGTH = 20480;
constexpr int32_t TOTAL_LENGTH = USE_CORE_NUM * BLOCK_LENGTH;
constexpr int32_t BUFFER_NUM = 2;

bool g_touchOverflowingBuffer = true;

class KernelAdd {
 public:
  __aicore__ inline KernelAdd() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
    xGm.SetGlobalBuffer((__gm__ half*)x + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
    yGm.SetGlobalBuffer((__gm__ half*)y + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
    zGm.SetGlobalBuffer((__gm__ half*)z + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
    pipe.InitBuffer(inQueueX, BUFFER_NUM, BLOCK_LENGTH * sizeof(half));
    pipe.InitBuffer(inQueueY, BUFFER_NUM, BLOCK_LENGTH * sizeof(half));
    pipe.InitBuffer(outQueueZ, BUFFER_NUM, BLOCK_LENGTH * sizeof(half));  // EXPECT-DIAG: ub-overflow
  }
  __aicore__ inline void Process() {
    LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
    LocalTensor<half> yLocal = inQueueY.AllocTensor<half>();
    DataCopy(xLocal, xGm, BLOCK_LENGTH);
    DataCopy(yLocal, yGm, BLOCK_LENGTH);
    inQueueX.EnQue(xLocal);
    inQueueY.EnQue(yLocal);
    xLocal = inQueueX.DeQue<half>();
    yLocal = inQueueY.DeQue<half>();
    if (!g_touchOverflowingBuffer) {
      Add(xLocal, xLocal, yLocal, BLOCK_LENGTH);
      PipeBarrier<PIPE_ALL>();
      DataCopy(zGm, xLocal, BLOCK_LENGTH);
      inQueueX.FreeTensor(xLocal);
      inQueueY.FreeTensor(yLocal);
      return;
    }
    LocalTensor<half> zLocal = outQueueZ.AllocTensor<half>();
    Add(zLocal, xLocal, yLocal, BLOCK_LENGTH);  // EXPECT-DIAG: ub-overflow access
    outQueueZ.EnQue<half>(zLocal);
    inQueueX.FreeTensor(xLocal);
    inQueueY.FreeTensor(yLocal);
    zLocal = outQueueZ.DeQue<half>();
    DataCopy(zGm, zLocal, BLOCK_LENGTH);
    outQueueZ.FreeTensor(zLocal);
  }

 private:
  TPipe pipe;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX, inQueueY;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ;
  GlobalTensor<half> xGm, yGm, zGm;
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  KernelAdd op;
  op.Init(x, y, z);
  op.Process();
}

int32_t main(int32_t argc, char* argv[]) {
  if (argc > 1) {
    if (std::strcmp(argv[1], "untouched") != 0) return 2;
    g_touchOverflowingBuffer = false;
  }
  const size_t byteSize = TOTAL_LENGTH * sizeof(half);
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(byteSize);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(byteSize);
  uint8_t* z = (uint8_t*)AscendC::GmAlloc(byteSize);
  AscendC::SetKernelMode(KernelMode::AIV_MODE);
  ICPU_RUN_KF(add_custom, USE_CORE_NUM, x, y, z);
  AscendC::GmFree(x);
  AscendC::GmFree(y);
  AscendC::GmFree(z);
  return 0;
}
