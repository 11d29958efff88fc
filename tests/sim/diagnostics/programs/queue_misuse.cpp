// queue-misuse: argv[1] selects one mistake in an otherwise ordinary copy kernel.
#include <cstring>

#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

constexpr int32_t USE_CORE_NUM = 2;
constexpr int32_t TILE_NUM = 2;
constexpr int32_t TILE_LENGTH = 128;
constexpr int32_t BLOCK_LENGTH = TILE_NUM * TILE_LENGTH;

enum class Misuse : uint32_t {
  kDequeEmpty,
  kAllocFull,
  kDoubleEnque,
  kFreeForeign,
  kUseAfterFree,
  kAfterReset,
  kUseAfterReallocation
};

class KernelCopy {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ half*)x + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
    yGm.SetGlobalBuffer((__gm__ half*)y + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
    pipe.InitBuffer(inQueueX, 1, TILE_LENGTH * sizeof(half));
    pipe.InitBuffer(outQueueY, 1, TILE_LENGTH * sizeof(half));
  }
  // Compute before any CopyIn: the DeQue waits for a tensor nobody enqueues.
  __aicore__ inline void DequeBeforeCopyIn() {
    LocalTensor<half> xLocal = inQueueX.DeQue<half>();  // EXPECT-DIAG: queue-misuse deque-empty
    inQueueX.FreeTensor(xLocal);
  }
  // The consumer forgets FreeTensor, so the second tile finds no free buffer.
  __aicore__ inline void ForgetFreeTensor() {
    for (int32_t progress = 0; progress < TILE_NUM; ++progress) {
      LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();  // EXPECT-DIAG: queue-misuse alloc-full
      DataCopy(xLocal, xGm[progress * TILE_LENGTH], TILE_LENGTH);
      inQueueX.EnQue(xLocal);
      xLocal = inQueueX.DeQue<half>();
      LocalTensor<half> yLocal = outQueueY.AllocTensor<half>();
      Add(yLocal, xLocal, xLocal, TILE_LENGTH);
      outQueueY.EnQue(yLocal);
      yLocal = outQueueY.DeQue<half>();
      DataCopy(yGm[progress * TILE_LENGTH], yLocal, TILE_LENGTH);
      outQueueY.FreeTensor(yLocal);
    }
  }
  __aicore__ inline void EnqueTwice() {
    LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
    DataCopy(xLocal, xGm, TILE_LENGTH);
    inQueueX.EnQue(xLocal);
    inQueueX.EnQue(xLocal);  // EXPECT-DIAG: queue-misuse double-enque
  }
  // The output tensor is returned to the input queue.
  __aicore__ inline void FreeToWrongQueue() {
    LocalTensor<half> yLocal = outQueueY.AllocTensor<half>();
    inQueueX.FreeTensor(yLocal);  // EXPECT-DIAG: queue-misuse free-foreign
  }
  // The input buffer is freed before the last read from it.
  __aicore__ inline void ReadAfterFree() {
    LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
    DataCopy(xLocal, xGm, TILE_LENGTH);
    inQueueX.EnQue(xLocal);
    xLocal = inQueueX.DeQue<half>();
    inQueueX.FreeTensor(xLocal);
    LocalTensor<half> yLocal = outQueueY.AllocTensor<half>();
    Add(yLocal, xLocal, xLocal, TILE_LENGTH);  // EXPECT-DIAG: queue-misuse use-after-free
    outQueueY.FreeTensor(yLocal);
  }

  // The input buffer is freed, allocated again, and the stale tensor of its first allocation read.
  __aicore__ inline void ReadAfterReallocation() {
    LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
    DataCopy(xLocal, xGm, TILE_LENGTH);
    inQueueX.FreeTensor(xLocal);
    LocalTensor<half> again = inQueueX.AllocTensor<half>();  // the queue's only buffer, which xLocal had
    LocalTensor<half> yLocal = outQueueY.AllocTensor<half>();
    Add(yLocal, xLocal, xLocal, TILE_LENGTH);  // EXPECT-DIAG: queue-misuse use-after-realloc
    inQueueX.FreeTensor(again);
    outQueueY.FreeTensor(yLocal);
  }

  // TPipe::Reset releases every buffer; a queue needs InitBuffer again before its next use.
  __aicore__ inline void AllocAfterReset() {
    pipe.Reset();
    LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();  // EXPECT-DIAG: queue-misuse after-reset
    inQueueX.FreeTensor(xLocal);
  }

 private:
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> inQueueX;
  TQue<QuePosition::VECOUT, 1> outQueueY;
  GlobalTensor<half> xGm, yGm;
};

extern "C" __global__ __aicore__ void copy_custom(GM_ADDR x, GM_ADDR y, uint32_t misuse) {
  KernelCopy op;
  op.Init(x, y);
  switch (Misuse(misuse)) {
    case Misuse::kDequeEmpty: op.DequeBeforeCopyIn(); break;
    case Misuse::kAllocFull: op.ForgetFreeTensor(); break;
    case Misuse::kDoubleEnque: op.EnqueTwice(); break;
    case Misuse::kFreeForeign: op.FreeToWrongQueue(); break;
    case Misuse::kUseAfterFree: op.ReadAfterFree(); break;
    case Misuse::kAfterReset: op.AllocAfterReset(); break;
    case Misuse::kUseAfterReallocation: op.ReadAfterReallocation(); break;
  }
}

int32_t main(int32_t argc, char* argv[]) {
  const char* const names[] = {"deque-empty",    "alloc-full",  "double-enque",     "free-foreign",
                               "use-after-free", "after-reset", "use-after-realloc"};
  constexpr uint32_t misuseCount = sizeof(names) / sizeof(names[0]);
  uint32_t misuse = 0;
  while (argc > 1 && misuse < misuseCount && std::strcmp(argv[1], names[misuse]) != 0) ++misuse;
  if (argc < 2 || misuse == misuseCount) return 2;
  const size_t byteSize = USE_CORE_NUM * BLOCK_LENGTH * sizeof(half);
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(byteSize);
  uint8_t* y = (uint8_t*)AscendC::GmAlloc(byteSize);
  ICPU_RUN_KF(copy_custom, USE_CORE_NUM, x, y, misuse);
  AscendC::GmFree(x);
  AscendC::GmFree(y);
  return 0;
}
