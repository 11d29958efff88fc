// LayerNorm over the last dimension: y = (x - mean(x)) * rsqrt(var(x) + epsilon) * gamma + beta.
// Rows are split over the cores; each core moves tiles of whole rows through double-buffered queues
// with DataCopyPad, which places every row on a 32-byte boundary in UB whatever its byte length.
// Statistics are computed in float per row; fp16/bf16 rows are cast to float first.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t FLOAT_BLOCK = 8;

template <typename T>
class KernelLayerNormLastDim {
public:
    __aicore__ inline KernelLayerNormLastDim() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta, GM_ADDR y, const LayerNormLastDimTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        rowLength_ = tiling.rowLength;
        rowStride_ = tiling.rowStride;
        tileRows_ = tiling.tileRows;
        epsilon_ = tiling.epsilon;
        invRowLength_ = tiling.invRowLength;
        rows_ = tiling.rowsPerCore + (block < tiling.tailCores ? 1 : 0);
        const uint32_t firstRow = block * tiling.rowsPerCore + (block < tiling.tailCores ? block : tiling.tailCores);
        const uint64_t offset = static_cast<uint64_t>(firstRow) * rowLength_;
        xGm_.SetGlobalBuffer((__gm__ T*)x + offset, static_cast<uint64_t>(rows_) * rowLength_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + offset, static_cast<uint64_t>(rows_) * rowLength_);
        gammaGm_.SetGlobalBuffer((__gm__ T*)gamma, rowLength_);
        betaGm_.SetGlobalBuffer((__gm__ T*)beta, rowLength_);
        // UB gap after each row, in 32-byte blocks, between its padded length and the row stride.
        rowGapBlocks_ = (rowStride_ * sizeof(T) - (rowLength_ * sizeof(T) + BLOCK_BYTES - 1) / BLOCK_BYTES * BLOCK_BYTES) /
                        BLOCK_BYTES;

        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileRows_ * rowStride_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileRows_ * rowStride_ * sizeof(T));
        pipe_.InitBuffer(rowBuf_, rowStride_ * sizeof(float));
        pipe_.InitBuffer(squareBuf_, rowStride_ * sizeof(float));
        pipe_.InitBuffer(gammaBuf_, rowStride_ * sizeof(float));
        pipe_.InitBuffer(betaBuf_, rowStride_ * sizeof(float));
        pipe_.InitBuffer(paramStageBuf_, rowStride_ * sizeof(T));
        pipe_.InitBuffer(workBuf_, tiling.workLength * sizeof(float));
        pipe_.InitBuffer(statBuf_, FLOAT_BLOCK * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        if (rows_ == 0) {
            return;
        }
        LoadParam(gammaBuf_.Get<float>(), gammaGm_);
        LoadParam(betaBuf_.Get<float>(), betaGm_);
        for (uint32_t done = 0; done < rows_; done += tileRows_) {
            const uint32_t count = rows_ - done < tileRows_ ? rows_ - done : tileRows_;
            CopyIn(done, count);
            Compute(count);
            CopyOut(done, count);
        }
    }

private:
    // Loads a per-column parameter row into float; gamma and beta share one staging buffer.
    __aicore__ inline void LoadParam(const LocalTensor<float>& dst, const GlobalTensor<T>& src)
    {
        LocalTensor<T> stage = paramStageBuf_.Get<T>();
        DataCopyExtParams params(1, rowLength_ * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        DataCopyPad(stage, src, params, pad);
        event_t loaded = static_cast<event_t>(GetTPipePtr()->FetchEventID<HardEvent::MTE2_V>());
        SetFlag<HardEvent::MTE2_V>(loaded);
        WaitFlag<HardEvent::MTE2_V>(loaded);
        if constexpr (IsSameType<T, float>::value) {
            Adds(dst, stage, 0.0f, rowLength_);
        } else {
            Cast(dst, stage, RoundMode::CAST_NONE, rowLength_);
        }
        // The next load must not overwrite the staging buffer before the vector pipe has read it.
        event_t consumed = static_cast<event_t>(GetTPipePtr()->FetchEventID<HardEvent::V_MTE2>());
        SetFlag<HardEvent::V_MTE2>(consumed);
        WaitFlag<HardEvent::V_MTE2>(consumed);
    }

    __aicore__ inline void CopyIn(uint32_t row, uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
        DataCopyExtParams params(static_cast<uint16_t>(count), rowLength_ * sizeof(T), 0, rowGapBlocks_, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row) * rowLength_], params, pad);
        inQueue_.EnQue(xLocal);
    }

    // stat[0] = sum(row) / n, left in UB for further vector work.
    __aicore__ inline void RowMean(const LocalTensor<float>& stat, const LocalTensor<float>& row)
    {
        ReduceSum(stat, row, workBuf_.Get<float>(), rowLength_);
        Muls(stat, stat, invRowLength_, 1);
    }

    // y = (x - mean) * rsqrt(mean((x - mean)^2) + epsilon) * gamma + beta for one row in float.
    __aicore__ inline void NormalizeRow(const LocalTensor<float>& y, const LocalTensor<float>& x)
    {
        LocalTensor<float> square = squareBuf_.Get<float>();
        LocalTensor<float> stat = statBuf_.Get<float>();
        RowMean(stat, x);
        WaitVectorResult();
        const float mean = stat.GetValue(0);
        Adds(y, x, -mean, rowLength_);
        Mul(square, y, y, rowLength_);
        RowMean(stat, square);
        Adds(stat, stat, epsilon_, 1);
        Rsqrt(stat, stat, 1);
        WaitVectorResult();
        const float rstd = stat.GetValue(0);
        Muls(y, y, rstd, rowLength_);
        Mul(y, y, gammaBuf_.Get<float>(), rowLength_);
        Add(y, y, betaBuf_.Get<float>(), rowLength_);
    }

    // A scalar read of a vector result must wait for the vector pipe.
    __aicore__ inline void WaitVectorResult()
    {
        event_t ready = static_cast<event_t>(GetTPipePtr()->FetchEventID<HardEvent::V_S>());
        SetFlag<HardEvent::V_S>(ready);
        WaitFlag<HardEvent::V_S>(ready);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.DeQue<T>();
        LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
        for (uint32_t r = 0; r < count; ++r) {
            const uint32_t offset = r * rowStride_;
            if constexpr (IsSameType<T, float>::value) {
                NormalizeRow(yLocal[offset], xLocal[offset]);
            } else {
                LocalTensor<float> row = rowBuf_.Get<float>();
                Cast(row, xLocal[offset], RoundMode::CAST_NONE, rowLength_);
                NormalizeRow(row, row);
                Cast(yLocal[offset], row, RoundMode::CAST_RINT, rowLength_);
            }
        }
        outQueue_.EnQue(yLocal);
        inQueue_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(uint32_t row, uint32_t count)
    {
        LocalTensor<T> yLocal = outQueue_.DeQue<T>();
        DataCopyExtParams params(static_cast<uint16_t>(count), rowLength_ * sizeof(T), rowGapBlocks_, 0, 0);
        DataCopyPad(yGm_[static_cast<uint64_t>(row) * rowLength_], yLocal, params);
        outQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> rowBuf_, squareBuf_, gammaBuf_, betaBuf_, paramStageBuf_, workBuf_, statBuf_;
    GlobalTensor<T> xGm_, gammaGm_, betaGm_, yGm_;
    uint32_t rowLength_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t rowGapBlocks_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t rows_ = 0;
    float epsilon_ = 0.0f;
    float invRowLength_ = 0.0f;
};

extern "C" __global__ __aicore__ void layer_norm_last_dim(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta, GM_ADDR y, GM_ADDR workspace,
                                                          GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelLayerNormLastDim<DTYPE_X> op;
    op.Init(x, gamma, beta, y, tilingData);
    op.Process();
}
