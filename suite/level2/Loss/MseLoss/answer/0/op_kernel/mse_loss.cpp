// MseLoss with reduction 'mean': y = sum((predict - label)^2) / n, a 0-d output. Each core streams
// its chunk through double-buffered tiles and accumulates a float partial sum; the partials meet in
// the workspace (one 32-byte slot per core), and after SyncAll core 0 adds them and writes the mean.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOAT_BLOCK = 8;     // floats per 32-byte block, the size of a partial slot
constexpr uint32_t FLOAT_REPEAT = 64;

template <typename T>
class KernelMseLoss {
public:
    __aicore__ inline KernelMseLoss() {}
    __aicore__ inline void Init(GM_ADDR predict, GM_ADDR label, GM_ADDR y, GM_ADDR workspace,
                                const MseLossTilingData& tiling)
    {
        block_ = GetBlockIdx();
        blockNum_ = GetBlockNum();
        length_ = block_ + 1 == blockNum_ ? tiling.lastCoreLength : tiling.coreLength;
        tileLength_ = tiling.tileLength;
        invTotal_ = tiling.invTotal;
        const uint64_t offset = static_cast<uint64_t>(block_) * tiling.coreLength;
        predictGm_.SetGlobalBuffer((__gm__ T*)predict + offset, length_);
        labelGm_.SetGlobalBuffer((__gm__ T*)label + offset, length_);
        yGm_.SetGlobalBuffer((__gm__ T*)y, 1);
        partialGm_.SetGlobalBuffer((__gm__ float*)GetUserWorkspace(workspace), blockNum_ * FLOAT_BLOCK);

        pipe_.InitBuffer(predictQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(labelQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(predictFloatBuf_, tileLength_ * sizeof(float));
        pipe_.InitBuffer(labelFloatBuf_, tileLength_ * sizeof(float));
        const uint32_t workLength = (tileLength_ / FLOAT_REPEAT + FLOAT_BLOCK - 1) / FLOAT_BLOCK * FLOAT_BLOCK + FLOAT_BLOCK;
        pipe_.InitBuffer(workBuf_, workLength * sizeof(float));
        pipe_.InitBuffer(accBuf_, FLOAT_BLOCK * sizeof(float));
        pipe_.InitBuffer(tileSumBuf_, FLOAT_BLOCK * sizeof(float));
        pipe_.InitBuffer(partialsBuf_, blockNum_ * FLOAT_BLOCK * sizeof(float));
        pipe_.InitBuffer(resultBuf_, FLOAT_BLOCK * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        LocalTensor<float> acc = accBuf_.Get<float>();
        Duplicate(acc, 0.0f, FLOAT_BLOCK);  // [sum, 0 x 7]: the slot core 0 will add up
        for (uint32_t done = 0; done < length_; done += tileLength_) {
            const uint32_t count = length_ - done < tileLength_ ? length_ - done : tileLength_;
            CopyIn(done, count);
            Accumulate(count);
        }
        WritePartial(acc);
        SyncAll();
        if (block_ == 0) {
            WriteMean();
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        LocalTensor<T> predictLocal = predictQueue_.AllocTensor<T>();
        DataCopyPad(predictLocal, predictGm_[offset], params, pad);
        predictQueue_.EnQue(predictLocal);
        LocalTensor<T> labelLocal = labelQueue_.AllocTensor<T>();
        DataCopyPad(labelLocal, labelGm_[offset], params, pad);
        labelQueue_.EnQue(labelLocal);
    }

    __aicore__ inline void Accumulate(uint32_t count)
    {
        LocalTensor<T> predictLocal = predictQueue_.DeQue<T>();
        LocalTensor<T> labelLocal = labelQueue_.DeQue<T>();
        LocalTensor<float> diff = predictFloatBuf_.Get<float>();
        if constexpr (IsSameType<T, float>::value) {
            Sub(diff, predictLocal, labelLocal, count);
        } else {
            LocalTensor<float> labelFloat = labelFloatBuf_.Get<float>();
            Cast(diff, predictLocal, RoundMode::CAST_NONE, count);
            Cast(labelFloat, labelLocal, RoundMode::CAST_NONE, count);
            Sub(diff, diff, labelFloat, count);
        }
        predictQueue_.FreeTensor(predictLocal);
        labelQueue_.FreeTensor(labelLocal);
        Mul(diff, diff, diff, count);
        LocalTensor<float> tileSum = tileSumBuf_.Get<float>();
        ReduceSum(tileSum, diff, workBuf_.Get<float>(), count);
        LocalTensor<float> acc = accBuf_.Get<float>();
        Add(acc, acc, tileSum, 1);
    }

    __aicore__ inline void WritePartial(const LocalTensor<float>& acc)
    {
        event_t computed = static_cast<event_t>(GetTPipePtr()->FetchEventID<HardEvent::V_MTE3>());
        SetFlag<HardEvent::V_MTE3>(computed);
        WaitFlag<HardEvent::V_MTE3>(computed);
        DataCopy(partialGm_[block_ * FLOAT_BLOCK], acc, FLOAT_BLOCK);
    }

    __aicore__ inline void WriteMean()
    {
        LocalTensor<float> partials = partialsBuf_.Get<float>();
        DataCopy(partials, partialGm_, blockNum_ * FLOAT_BLOCK);
        event_t loaded = static_cast<event_t>(GetTPipePtr()->FetchEventID<HardEvent::MTE2_V>());
        SetFlag<HardEvent::MTE2_V>(loaded);
        WaitFlag<HardEvent::MTE2_V>(loaded);
        LocalTensor<float> result = resultBuf_.Get<float>();
        ReduceSum(result, partials, workBuf_.Get<float>(), blockNum_ * FLOAT_BLOCK);
        Muls(result, result, invTotal_, 1);
        LocalTensor<T> out = predictQueue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            Adds(out, result, 0.0f, 1);
        } else {
            Cast(out, result, RoundMode::CAST_RINT, 1);
        }
        event_t computed = static_cast<event_t>(GetTPipePtr()->FetchEventID<HardEvent::V_MTE3>());
        SetFlag<HardEvent::V_MTE3>(computed);
        WaitFlag<HardEvent::V_MTE3>(computed);
        DataCopyExtParams params(1, sizeof(T), 0, 0, 0);
        DataCopyPad(yGm_, out, params);
        predictQueue_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> predictQueue_, labelQueue_;
    TBuf<TPosition::VECCALC> predictFloatBuf_, labelFloatBuf_, workBuf_, accBuf_, tileSumBuf_, partialsBuf_, resultBuf_;
    GlobalTensor<T> predictGm_, labelGm_, yGm_;
    GlobalTensor<float> partialGm_;
    uint32_t block_ = 0;
    uint32_t blockNum_ = 0;
    uint32_t length_ = 0;
    uint32_t tileLength_ = 0;
    float invTotal_ = 0.0f;
};

extern "C" __global__ __aicore__ void mse_loss(GM_ADDR predict, GM_ADDR label, GM_ADDR y, GM_ADDR workspace,
                                               GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelMseLoss<DTYPE_PREDICT> op;
    op.Init(predict, label, y, workspace, tilingData);
    op.Process();
}
