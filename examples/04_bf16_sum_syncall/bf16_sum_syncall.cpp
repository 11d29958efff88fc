// Sum of a bfloat16 vector across 8 cores. Each core widens its chunk to float (bf16 -> float is
// exact, so RoundMode::CAST_NONE), reduces it to one partial and writes the partial into its slot
// of a GM workspace. After SyncAll every partial is visible, and core 0 adds them up and writes the
// total as float and, rounded to nearest even (CAST_RINT), as bfloat16.
#include "kernel_operator.h"

constexpr int32_t USE_CORE_NUM = 8;
constexpr int32_t BLOCK_LENGTH = 8192;  // bf16 elements per core: 16 KiB in, 32 KiB as float
constexpr int32_t FLOATS_PER_BLOCK = 32 / sizeof(float);
// ReduceSum work space: one float per 256-byte repeat of the first round, rounded up to a block.
constexpr int32_t FIRST_ROUND_REPEATS = BLOCK_LENGTH * sizeof(float) / 256;
constexpr int32_t WORK_LENGTH = (FIRST_ROUND_REPEATS + FLOATS_PER_BLOCK - 1) / FLOATS_PER_BLOCK * FLOATS_PER_BLOCK;

class KernelBf16SumSyncAll {
 public:
  __aicore__ inline KernelBf16SumSyncAll() {}

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR workspace, GM_ADDR total, GM_ADDR totalBf16) {
    xGm.SetGlobalBuffer((__gm__ bfloat16_t*)x + int64_t(BLOCK_LENGTH) * AscendC::GetBlockIdx(), BLOCK_LENGTH);
    partialGm.SetGlobalBuffer((__gm__ float*)workspace, USE_CORE_NUM);
    totalGm.SetGlobalBuffer((__gm__ float*)total, 1);
    totalBf16Gm.SetGlobalBuffer((__gm__ bfloat16_t*)totalBf16, 1);
    pipe.InitBuffer(inQueueX, 1, BLOCK_LENGTH * sizeof(bfloat16_t));
    pipe.InitBuffer(outQueueSum, 1, FLOATS_PER_BLOCK * sizeof(float));
    pipe.InitBuffer(outQueueBf16, 1, 32);
    pipe.InitBuffer(floatBuf, BLOCK_LENGTH * sizeof(float));
    pipe.InitBuffer(workBuf, WORK_LENGTH * sizeof(float));
  }

  __aicore__ inline void Process() {
    ReducePartial();
    // Every core must have written its partial before core 0 reads the workspace.
    AscendC::SyncAll();
    if (AscendC::GetBlockIdx() == 0) ReduceTotal();
  }

 private:
  __aicore__ inline void ReducePartial() {
    AscendC::LocalTensor<bfloat16_t> xLocal = inQueueX.AllocTensor<bfloat16_t>();
    AscendC::DataCopy(xLocal, xGm, BLOCK_LENGTH);
    inQueueX.EnQue(xLocal);
    xLocal = inQueueX.DeQue<bfloat16_t>();

    AscendC::LocalTensor<float> xFloat = floatBuf.Get<float>();
    AscendC::LocalTensor<float> workLocal = workBuf.Get<float>();
    AscendC::LocalTensor<float> partialLocal = outQueueSum.AllocTensor<float>();
    AscendC::Cast(xFloat, xLocal, AscendC::RoundMode::CAST_NONE, BLOCK_LENGTH);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::ReduceSum<float>(partialLocal, xFloat, workLocal, BLOCK_LENGTH);
    inQueueX.FreeTensor(xLocal);
    outQueueSum.EnQue(partialLocal);

    partialLocal = outQueueSum.DeQue<float>();
    // Exactly 4 bytes: the partials of the other cores next to this slot stay untouched.
    AscendC::DataCopyPad(partialGm[AscendC::GetBlockIdx()], partialLocal, AscendC::DataCopyExtParams{1, sizeof(float), 0, 0, 0});
    outQueueSum.FreeTensor(partialLocal);
  }

  __aicore__ inline void ReduceTotal() {
    const int32_t coreNum = static_cast<int32_t>(AscendC::GetBlockNum());
    AscendC::LocalTensor<float> partials = floatBuf.Get<float>();
    AscendC::LocalTensor<float> workLocal = workBuf.Get<float>();
    // floatBuf is a TBuf, so the GM->UB copy and the vector read are ordered by hand.
    AscendC::DataCopyPad(partials, partialGm,
                         AscendC::DataCopyExtParams{1, static_cast<uint32_t>(coreNum * sizeof(float)), 0, 0, 0},
                         AscendC::DataCopyPadExtParams<float>{false, 0, 0, 0});
    const event_t copyToVector = static_cast<event_t>(pipe.FetchEventID(AscendC::HardEvent::MTE2_V));
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(copyToVector);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(copyToVector);

    AscendC::LocalTensor<float> totalLocal = outQueueSum.AllocTensor<float>();
    AscendC::LocalTensor<bfloat16_t> totalBf16Local = outQueueBf16.AllocTensor<bfloat16_t>();
    AscendC::ReduceSum<float>(totalLocal, partials, workLocal, coreNum);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Cast(totalBf16Local, totalLocal, AscendC::RoundMode::CAST_RINT, 1);
    outQueueSum.EnQue(totalLocal);
    outQueueBf16.EnQue(totalBf16Local);

    totalLocal = outQueueSum.DeQue<float>();
    totalBf16Local = outQueueBf16.DeQue<bfloat16_t>();
    AscendC::DataCopyPad(totalGm, totalLocal, AscendC::DataCopyExtParams{1, sizeof(float), 0, 0, 0});
    AscendC::DataCopyPad(totalBf16Gm, totalBf16Local, AscendC::DataCopyExtParams{1, sizeof(bfloat16_t), 0, 0, 0});
    outQueueSum.FreeTensor(totalLocal);
    outQueueBf16.FreeTensor(totalBf16Local);
  }

  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::VECIN, 1> inQueueX;
  AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQueueSum;
  AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQueueBf16;
  AscendC::TBuf<AscendC::TPosition::VECCALC> floatBuf;
  AscendC::TBuf<AscendC::TPosition::VECCALC> workBuf;
  AscendC::GlobalTensor<bfloat16_t> xGm;
  AscendC::GlobalTensor<float> partialGm;
  AscendC::GlobalTensor<float> totalGm;
  AscendC::GlobalTensor<bfloat16_t> totalBf16Gm;
};

extern "C" __global__ __aicore__ void bf16_sum_syncall(GM_ADDR x, GM_ADDR workspace, GM_ADDR total, GM_ADDR totalBf16) {
  KernelBf16SumSyncAll op;
  op.Init(x, workspace, total, totalBf16);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
// Host-side launcher for the NPU build (the <<<>>> syntax needs the bisheng compiler).
void bf16_sum_syncall_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* workspace, uint8_t* total,
                         uint8_t* totalBf16) {
  bf16_sum_syncall<<<blockDim, nullptr, stream>>>(x, workspace, total, totalBf16);
}
#endif
