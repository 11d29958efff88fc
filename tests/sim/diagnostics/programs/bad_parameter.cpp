// bad-parameter: argv[1] = "repeat" computes a level-0 repeat count of 624 (over 255);
// "block-count" asks DataCopyParams for 5000 blocks (over 4095).
#include <cstring>

#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

constexpr int32_t USE_CORE_NUM = 1;
constexpr int32_t ROW_NUM = 5000;
constexpr int32_t ROW_LENGTH = 16;
constexpr int32_t TOTAL_LENGTH = ROW_NUM * ROW_LENGTH;
constexpr int32_t ELEMENTS_PER_REPEAT = 128;

enum class Misuse : uint32_t { kRepeat, kBlockCount };

class KernelRows {
 public:
  __aicore__ inline void Init(GM_ADDR x, uint32_t rowNum) {
    rows = rowNum;
    xGm.SetGlobalBuffer((__gm__ half*)x, TOTAL_LENGTH);
    pipe.InitBuffer(inQueueX, 1, TOTAL_LENGTH * sizeof(half));
  }
  // All rows arrive in one DataCopy; its blockCount field has 12 bits.
  __aicore__ inline void CopyAllRows() {
    LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
    DataCopyParams params;
    params.blockCount = rows;
    params.blockLen = ROW_LENGTH * sizeof(half) / ONE_BLK_SIZE;
    DataCopy(xLocal, xGm, params);  // EXPECT-DIAG: bad-parameter block-count
    inQueueX.EnQue(xLocal);
  }
  // Folds every 128-element chunk into the first one; the repeat count grows with the row count.
  __aicore__ inline void AccumulateChunks() {
    LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
    DataCopy(xLocal, xGm, TOTAL_LENGTH);
    const int32_t repeat = int32_t(rows * ROW_LENGTH / ELEMENTS_PER_REPEAT) - 1;
    const BinaryRepeatParams params(1, 1, 1, 0, 8, 0);
    Add(xLocal, xLocal[ELEMENTS_PER_REPEAT], xLocal, ELEMENTS_PER_REPEAT, repeat, params);  // EXPECT-DIAG: bad-parameter repeat
    inQueueX.FreeTensor(xLocal);
  }

 private:
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> inQueueX;
  GlobalTensor<half> xGm;
  uint32_t rows = 0;
};

extern "C" __global__ __aicore__ void rows_custom(GM_ADDR x, uint32_t rowNum, uint32_t misuse) {
  KernelRows op;
  op.Init(x, rowNum);
  if (Misuse(misuse) == Misuse::kRepeat) {
    op.AccumulateChunks();
  } else {
    op.CopyAllRows();
  }
}

int32_t main(int32_t argc, char* argv[]) {
  if (argc < 2) return 2;
  const uint32_t misuse = uint32_t(std::strcmp(argv[1], "repeat") == 0 ? Misuse::kRepeat : Misuse::kBlockCount);
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(TOTAL_LENGTH * sizeof(half));
  ICPU_RUN_KF(rows_custom, USE_CORE_NUM, x, uint32_t(ROW_NUM), misuse);
  AscendC::GmFree(x);
  return 0;
}
