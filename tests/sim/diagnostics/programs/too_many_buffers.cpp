// too-many-buffers: argv[1] = "vecin" puts 10 TQue buffers on VECIN (8 fit); "pipe" asks one TPipe
// for 65 buffers (64 fit).
#include <cstring>

#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

constexpr int32_t USE_CORE_NUM = 2;
constexpr int32_t TILE_LENGTH = 128;
constexpr int32_t SCRATCH_BUFFER_NUM = 65;

enum class Misuse : uint32_t { kVecinQueueBuffers, kPipeBuffers };

class KernelManyInputs {
 public:
  __aicore__ inline void InitQueues() {
    pipe.InitBuffer(inQueueX, 4, TILE_LENGTH * sizeof(float));
    pipe.InitBuffer(inQueueY, 4, TILE_LENGTH * sizeof(float));
    pipe.InitBuffer(inQueueBias, 2, TILE_LENGTH * sizeof(float));  // EXPECT-DIAG: too-many-buffers vecin
  }
  __aicore__ inline void InitScratch() {
    for (int32_t i = 0; i < SCRATCH_BUFFER_NUM; ++i) {
      pipe.InitBuffer(scratch[i], TILE_LENGTH * sizeof(float));  // EXPECT-DIAG: too-many-buffers pipe
    }
  }

 private:
  TPipe pipe;
  TQue<QuePosition::VECIN, 2> inQueueX, inQueueY, inQueueBias;
  TBuf<TPosition::VECCALC> scratch[SCRATCH_BUFFER_NUM];
};

extern "C" __global__ __aicore__ void many_buffers(GM_ADDR x, uint32_t misuse) {
  (void)x;
  KernelManyInputs op;
  if (Misuse(misuse) == Misuse::kVecinQueueBuffers) {
    op.InitQueues();
  } else {
    op.InitScratch();
  }
}

int32_t main(int32_t argc, char* argv[]) {
  if (argc < 2) return 2;
  const uint32_t misuse = uint32_t(std::strcmp(argv[1], "vecin") == 0 ? Misuse::kVecinQueueBuffers : Misuse::kPipeBuffers);
  uint8_t* x = (uint8_t*)AscendC::GmAlloc(TILE_LENGTH * sizeof(float));
  ICPU_RUN_KF(many_buffers, USE_CORE_NUM, x, misuse);
  AscendC::GmFree(x);
  return 0;
}
