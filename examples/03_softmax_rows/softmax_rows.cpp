// Row softmax of a float [ROWS, COLS] matrix: y[r] = exp(x[r] - max(x[r])) / sum(exp(x[r] - max(x[r]))).
// Rows are split evenly over 8 cores; each core streams its rows through double-buffered queues.
// The row max and sum come out of the vector unit into UB and are read by the scalar unit, so each
// read waits on a V->S event first; subtracting the max keeps Exp from overflowing.
#include "kernel_operator.h"

constexpr int32_t ROWS = 64;
constexpr int32_t COLS = 512;  // 2 KiB per row, a whole number of 32-byte blocks
constexpr int32_t USE_CORE_NUM = 8;
constexpr int32_t ROWS_PER_CORE = ROWS / USE_CORE_NUM;
constexpr int32_t BUFFER_NUM = 2;
// Work space of ReduceMax/ReduceSum: two values per 256-byte repeat of the first round, rounded up
// to a whole 32-byte block (ReduceSum needs only one value per repeat).
constexpr int32_t FLOATS_PER_REPEAT = 256 / sizeof(float);
constexpr int32_t FLOATS_PER_BLOCK = 32 / sizeof(float);
constexpr int32_t FIRST_ROUND_REPEATS = COLS / FLOATS_PER_REPEAT;
constexpr int32_t WORK_LENGTH = (2 * FIRST_ROUND_REPEATS + FLOATS_PER_BLOCK - 1) / FLOATS_PER_BLOCK * FLOATS_PER_BLOCK;

class KernelSoftmaxRows {
 public:
  __aicore__ inline KernelSoftmaxRows() {}

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    const int64_t blockOffset = int64_t(ROWS_PER_CORE) * COLS * AscendC::GetBlockIdx();
    xGm.SetGlobalBuffer((__gm__ float*)x + blockOffset, ROWS_PER_CORE * COLS);
    yGm.SetGlobalBuffer((__gm__ float*)y + blockOffset, ROWS_PER_CORE * COLS);
    pipe.InitBuffer(inQueueX, BUFFER_NUM, COLS * sizeof(float));
    pipe.InitBuffer(outQueueY, BUFFER_NUM, COLS * sizeof(float));
    pipe.InitBuffer(workBuf, WORK_LENGTH * sizeof(float));
    pipe.InitBuffer(reduceBuf, 2 * FLOATS_PER_BLOCK * sizeof(float));  // the max, then the sum
  }

  __aicore__ inline void Process() {
    for (int32_t row = 0; row < ROWS_PER_CORE; row++) {
      CopyIn(row);
      Compute();
      CopyOut(row);
    }
  }

 private:
  __aicore__ inline void CopyIn(int32_t row) {
    AscendC::LocalTensor<float> xLocal = inQueueX.AllocTensor<float>();
    AscendC::DataCopy(xLocal, xGm[row * COLS], COLS);
    inQueueX.EnQue(xLocal);
  }

  __aicore__ inline void Compute() {
    AscendC::LocalTensor<float> xLocal = inQueueX.DeQue<float>();
    AscendC::LocalTensor<float> yLocal = outQueueY.AllocTensor<float>();
    AscendC::LocalTensor<float> workLocal = workBuf.Get<float>();
    AscendC::LocalTensor<float> maxLocal = reduceBuf.Get<float>();
    AscendC::LocalTensor<float> sumLocal = maxLocal[FLOATS_PER_BLOCK];

    AscendC::ReduceMax<float>(maxLocal, xLocal, workLocal, COLS);
    const float rowMax = ReadScalar(maxLocal);
    AscendC::Adds(yLocal, xLocal, -rowMax, COLS);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Exp(yLocal, yLocal, COLS);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::ReduceSum<float>(sumLocal, yLocal, workLocal, COLS);
    const float rowSum = ReadScalar(sumLocal);
    AscendC::Muls(yLocal, yLocal, 1.0f / rowSum, COLS);

    outQueueY.EnQue<float>(yLocal);
    inQueueX.FreeTensor(xLocal);
  }

  __aicore__ inline void CopyOut(int32_t row) {
    AscendC::LocalTensor<float> yLocal = outQueueY.DeQue<float>();
    AscendC::DataCopy(yGm[row * COLS], yLocal, COLS);
    outQueueY.FreeTensor(yLocal);
  }

  // The scalar unit may read a vector result only after the vector pipe has written it.
  __aicore__ inline float ReadScalar(const AscendC::LocalTensor<float>& result) {
    const event_t vectorToScalar = static_cast<event_t>(pipe.FetchEventID(AscendC::HardEvent::V_S));
    AscendC::SetFlag<AscendC::HardEvent::V_S>(vectorToScalar);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(vectorToScalar);
    return result.GetValue(0);
  }

  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::VECIN, BUFFER_NUM> inQueueX;
  AscendC::TQue<AscendC::TPosition::VECOUT, BUFFER_NUM> outQueueY;
  AscendC::TBuf<AscendC::TPosition::VECCALC> workBuf;
  AscendC::TBuf<AscendC::TPosition::VECCALC> reduceBuf;
  AscendC::GlobalTensor<float> xGm;
  AscendC::GlobalTensor<float> yGm;
};

extern "C" __global__ __aicore__ void softmax_rows(GM_ADDR x, GM_ADDR y) {
  KernelSoftmaxRows op;
  op.Init(x, y);
  op.Process();
}

#ifndef ASCENDC_CPU_DEBUG
// Host-side launcher for the NPU build (the <<<>>> syntax needs the bisheng compiler).
void softmax_rows_do(uint32_t blockDim, void* stream, uint8_t* x, uint8_t* y) {
  softmax_rows<<<blockDim, nullptr, stream>>>(x, y);
}
#endif
