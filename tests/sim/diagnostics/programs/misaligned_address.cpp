// misaligned-address: an operator[] offset of 3 halves (6 bytes) is not 32-byte aligned in UB.
// argv[1] = "datacopy" passes it to DataCopy, "add" to Add.
#include <cstring>

#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

constexpr int32_t USE_CORE_NUM = 4;
constexpr int32_t BLOCK_LENGTH = 256;
constexpr int32_t SHIFT = 3;

enum class Misuse : uint32_t { kDataCopy, kAdd };

class KernelShiftedAdd {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR z) {
    xGm.SetGlobalBuffer((__gm__ half*)x + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
    zGm.SetGlobalBuffer((__gm__ half*)z + BLOCK_LENGTH * GetBlockIdx(), BLOCK_LENGTH);
    pipe.InitBuffer(inQueueX, 1, (BLOCK_LENGTH + 16) * sizeof(half));
    pipe.InitBuffer(outQueueZ, 1, BLOCK_LENGTH * sizeof(half));
  }
  __aicore__ inline void CopyInShifted() {
    LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
    DataCopy(xLocal[SHIFT], xGm, BLOCK_LENGTH);  // EXPECT-DIAG: misaligned-address datacopy
    inQueueX.EnQue(xLocal);
  }
  __aicore__ inline void CopyIn() {
    LocalTensor<half> xLocal = inQueueX.AllocTensor<half>();
    DataCopy(xLocal, xGm, BLOCK_LENGTH);
    DataCopy(xLocal[BLOCK_LENGTH], xGm, 16);
    inQueueX.EnQue(xLocal);
  }
  __aicore__ inline void ComputeShifted() {
    LocalTensor<half> xLocal = inQueueX.DeQue<half>();
    LocalTensor<half> zLocal = outQueueZ.AllocTensor<half>();
    Add(zLocal, xLocal[SHIFT], xLocal, BLOCK_LENGTH);  // EXPECT-DIAG: misaligned-address add
    outQueueZ.EnQue(zLocal);
    inQueueX.FreeTensor(xLocal);
  }

 private:
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> inQueueX;
  TQue<QuePosition::VECOUT, 1> outQueueZ;
  GlobalTensor<half> xGm, zGm;
};

extern "C" __global__ __aicore__ void shifted_add(GM_ADDR x, GM_ADDR z, uint32_t misuse) {
  KernelShiftedAdd op;
  op.Init(x, z);
  if (Misuse(misuse) == Misuse::kDataCopy) {
    op.CopyInShifted();
  } else {
    op.CopyIn();
    op.ComputeShifted();
  }
}

int32_t main(int32_t argc, char* argv[]) {
  if (argc < 2) return 2;
  const uint32_t misuse = uint32_t(std::strcmp(argv[1], "datacopy") == 0 ? Misuse::kDataCopy : Misuse::kAdd);
  const size_t byteSize = USE_CORE_NUM * BLOCK_LENGTH * sizeof(half);
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(byteSize);
  uint8_t* z = (uint8_t*)AscendC::GmAlloc(byteSize);
  ICPU_RUN_KF(shifted_add, USE_CORE_NUM, x, z, misuse);
  AscendC::GmFree(x);
  AscendC::GmFree(z);
  return 0;
}
