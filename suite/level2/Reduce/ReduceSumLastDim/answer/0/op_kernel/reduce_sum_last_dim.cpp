// Sum over the last dimension. Rows are split over the cores; each core moves tiles of whole rows
// through double-buffered queues with DataCopyPad, which places every row on a 32-byte boundary in
// UB whatever its byte length. Each row is summed in float (fp16/bf16 rows are cast first) and its
// sum gathered into a float tile of sums, which is converted once and written as one contiguous run.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t FLOAT_BLOCK = 8;

template <typename T>
class KernelReduceSumLastDim {
public:
    __aicore__ inline KernelReduceSumLastDim() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ReduceSumLastDimTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        rowLength_ = tiling.rowLength;
        rowStride_ = tiling.rowStride;
        tileRows_ = tiling.tileRows;
        rows_ = tiling.rowsPerCore + (block < tiling.tailCores ? 1 : 0);
        const uint32_t firstRow = block * tiling.rowsPerCore + (block < tiling.tailCores ? block : tiling.tailCores);
        xGm_.SetGlobalBuffer((__gm__ T*)x + static_cast<uint64_t>(firstRow) * rowLength_,
                             static_cast<uint64_t>(rows_) * rowLength_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + firstRow, rows_);
        // UB gap after each row, in 32-byte blocks, between its padded length and the row stride.
        rowGapBlocks_ = (rowStride_ * sizeof(T) - (rowLength_ * sizeof(T) + BLOCK_BYTES - 1) / BLOCK_BYTES * BLOCK_BYTES) /
                        BLOCK_BYTES;

        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileRows_ * rowStride_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tiling.sumStride * sizeof(T));
        pipe_.InitBuffer(rowBuf_, rowStride_ * sizeof(float));
        pipe_.InitBuffer(sumBuf_, tiling.sumStride * sizeof(float));
        pipe_.InitBuffer(workBuf_, tiling.workLength * sizeof(float));
        pipe_.InitBuffer(statBuf_, FLOAT_BLOCK * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        if (rows_ == 0) {
            return;
        }
        for (uint32_t done = 0; done < rows_; done += tileRows_) {
            const uint32_t count = rows_ - done < tileRows_ ? rows_ - done : tileRows_;
            CopyIn(done, count);
            Compute(count);
            CopyOut(done, count);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t row, uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
        DataCopyExtParams params(static_cast<uint16_t>(count), rowLength_ * sizeof(T), 0, rowGapBlocks_, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row) * rowLength_], params, pad);
        inQueue_.EnQue(xLocal);
    }

    // The sum of one float row, read back as a scalar.
    __aicore__ inline float RowSum(const LocalTensor<float>& x)
    {
        LocalTensor<float> stat = statBuf_.Get<float>();
        ReduceSum(stat, x, workBuf_.Get<float>(), rowLength_);
        Wait<HardEvent::V_S>();  // a scalar read of a vector result must wait for the vector pipe
        return stat.GetValue(0);
    }

    template <HardEvent event>
    __aicore__ inline void Wait()
    {
        event_t ready = static_cast<event_t>(GetTPipePtr()->FetchEventID<event>());
        SetFlag<event>(ready);
        WaitFlag<event>(ready);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.DeQue<T>();
        LocalTensor<float> sums = sumBuf_.Get<float>();
        for (uint32_t r = 0; r < count; ++r) {
            const uint32_t offset = r * rowStride_;
            if constexpr (IsSameType<T, float>::value) {
                sums.SetValue(r, RowSum(xLocal[offset]));
            } else {
                LocalTensor<float> row = rowBuf_.Get<float>();
                Cast(row, xLocal[offset], RoundMode::CAST_NONE, rowLength_);
                sums.SetValue(r, RowSum(row));
            }
        }
        inQueue_.FreeTensor(xLocal);
        Wait<HardEvent::S_V>();  // the vector pipe reads the sums the scalar unit wrote
        LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            Adds(yLocal, sums, 0.0f, count);
        } else {
            Cast(yLocal, sums, RoundMode::CAST_RINT, count);
        }
        outQueue_.EnQue(yLocal);
    }

    __aicore__ inline void CopyOut(uint32_t row, uint32_t count)
    {
        LocalTensor<T> yLocal = outQueue_.DeQue<T>();
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPad(yGm_[row], yLocal, params);
        outQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> rowBuf_, sumBuf_, workBuf_, statBuf_;
    GlobalTensor<T> xGm_, yGm_;
    uint32_t rowLength_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t rowGapBlocks_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t rows_ = 0;
};

extern "C" __global__ __aicore__ void reduce_sum_last_dim(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelReduceSumLastDim<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
