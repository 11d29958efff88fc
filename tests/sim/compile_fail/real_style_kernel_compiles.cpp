// EXPECT-COMPILES
// Idioms of real CANN kernels that must compile against the simulator unchanged: NPU type names,
// `.template` calls, event IDs from the pipe, tiling keys, architecture macros and task types.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelScaledAdd {
 public:
  __aicore__ inline KernelScaledAdd() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalLength, uint32_t tileLength) {
    ASSERT(GetBlockNum() != 0 && "block dim can not be zero!");
    this->blockLength = totalLength / GetBlockNum();
    this->tileLength = tileLength;
    const uint64_t offset = this->blockLength * GetBlockIdx();
    xGm.SetGlobalBuffer((__gm__ T*)x + offset, this->blockLength);
    yGm.SetGlobalBuffer((__gm__ T*)y + offset, this->blockLength);
    zGm.SetGlobalBuffer((__gm__ T*)z + offset, this->blockLength);
    zGm.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);
    pipe.InitBuffer(inQueueX, BUFFER_NUM, this->tileLength * sizeof(T));
    pipe.InitBuffer(inQueueY, BUFFER_NUM, this->tileLength * sizeof(T));
    pipe.InitBuffer(outQueueZ, BUFFER_NUM, this->tileLength * sizeof(T));
    pipe.InitBuffer(calcBuf, this->tileLength * sizeof(float32_t));
    pipe.InitBuffer(syncBuf, ONE_BLK_SIZE);
  }
  __aicore__ inline void Process() {
    const uint32_t loopCount = this->blockLength / this->tileLength;
    for (uint32_t i = 0; i < loopCount; i++) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

 private:
  __aicore__ inline void CopyIn(uint32_t progress) {
    LocalTensor<T> xLocal = inQueueX.template AllocTensor<T>();
    LocalTensor<T> yLocal = inQueueY.template AllocTensor<T>();
    DataCopy(xLocal, xGm[progress * this->tileLength], this->tileLength);
    DataCopy(yLocal, yGm[progress * this->tileLength], this->tileLength);
    inQueueX.EnQue(xLocal);
    inQueueY.EnQue(yLocal);
  }
  __aicore__ inline void Compute() {
    LocalTensor<T> xLocal = inQueueX.template DeQue<T>();
    LocalTensor<T> yLocal = inQueueY.template DeQue<T>();
    LocalTensor<T> zLocal = outQueueZ.template AllocTensor<T>();
    if constexpr (std::is_same_v<T, float16_t>) {
      Add(zLocal, xLocal, yLocal, this->tileLength);
    } else if constexpr (IsSameType<T, bfloat16_t>::value) {
      ASSERT(false && "bfloat16_t needs a cast to float first");
    } else {
      LocalTensor<float32_t> tmp = calcBuf.template Get<float32_t>();
      Add(tmp, xLocal, yLocal, this->tileLength);
      PipeBarrier<PIPE_V>();
      Add(zLocal, tmp, tmp, this->tileLength);
    }
    outQueueZ.template EnQue<T>(zLocal);
    inQueueX.FreeTensor(xLocal);
    inQueueY.FreeTensor(yLocal);
  }
  __aicore__ inline void CopyOut(uint32_t progress) {
    LocalTensor<T> zLocal = outQueueZ.template DeQue<T>();
    event_t eventIdVToMte3 = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
    SetFlag<HardEvent::V_MTE3>(eventIdVToMte3);
    WaitFlag<HardEvent::V_MTE3>(eventIdVToMte3);
    DataCopy(zGm[progress * this->tileLength], zLocal, this->tileLength);
    outQueueZ.FreeTensor(zLocal);
  }

  TPipe pipe;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX, inQueueY;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ;
  TBuf<TPosition::VECCALC> calcBuf;
  TBuf<> syncBuf;
  GlobalTensor<T> xGm, yGm, zGm;
  uint32_t blockLength = 0;
  uint32_t tileLength = 0;
};

// A non-template kernel body: plain `EnQue<half>` and `DeQue<half>`.
__aicore__ inline void CopyHalfTile(GM_ADDR src, GM_ADDR dst) {
  TPipe pipe;
  TQue<QuePosition::VECIN, 1> inQue;
  TQue<QuePosition::VECOUT, 1> outQue;
  GlobalTensor<half> srcGm, dstGm;
  srcGm.SetGlobalBuffer((__gm__ half*)src, 128);
  dstGm.SetGlobalBuffer((__gm__ half*)dst, 128);
  pipe.InitBuffer(inQue, 1, 128 * sizeof(half));
  pipe.InitBuffer(outQue, 1, 128 * sizeof(half));
  LocalTensor<half> x = inQue.AllocTensor<half>();
  DataCopy(x, srcGm, 128);
  inQue.EnQue(x);
  x = inQue.DeQue<half>();
  LocalTensor<half> z = outQue.AllocTensor<half>();
  Add(z, x, x, 128);
  outQue.EnQue<half>(z);
  inQue.FreeTensor(x);
  z = outQue.DeQue<half>();
  DataCopy(dstGm, z, 128);
  outQue.FreeTensor(z);
}

extern "C" __global__ __aicore__ void scaled_add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                        GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  (void)workspace;
  (void)tiling;
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 220
  if (TILING_KEY_IS(1)) {
    KernelScaledAdd<float16_t> op;
    op.Init(x, y, z, 8 * 2048, 256);
    op.Process();
  } else if (TILING_KEY_IS(2)) {
    KernelScaledAdd<float32_t> op;
    op.Init(x, y, z, 8 * 1024, 128);
    op.Process();
  } else {
    CopyHalfTile(x, z);
  }
#endif
}
