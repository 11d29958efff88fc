// CrossEntropyRows: loss_n = log(sum_c exp(x[n, c] - m_n)) - (x[n, t_n] - m_n), m_n = max_c x[n, c],
// in float, then none / sum / mean.
//
// Rows are split over the cores and streamed in double-buffered tiles of whole rows. DataCopyPad
// lands each row on a 32-byte boundary (stride W) and fills the rest of its last block with a huge
// negative logit, which never wins the maximum and whose exponential is 0. The per-row reductions
// run over many rows at once: level-0 instructions whose repeats step from row to row (repeat
// stride W / 8 blocks) fold the 64-float column blocks of up to 248 rows into a [rows][64] scratch,
// and one WholeReduceMax / WholeReduceSum leaves the rows' results side by side. Brcb spreads the
// row maxima to one block per row, so one Sub per column block (src1 block stride 0) shifts a whole
// batch. The target logits are picked with one Gather (byte offsets r * W * 4 + t_r * 4). For "sum"
// and "mean" each core adds its losses into a float partial; the partials meet in the workspace and,
// after SyncAll, core 0 adds them up and writes the 0-d result.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOAT_REPEAT = 64;
constexpr uint32_t FLOAT_BLOCK = 8;
constexpr uint32_t ROW_BATCH = 248;
constexpr uint32_t REDUCTION_NONE = 0;
constexpr uint32_t REDUCTION_MEAN = 2;

template <typename T>
class KernelCrossEntropyRows {
public:
    __aicore__ inline KernelCrossEntropyRows() {}
    __aicore__ inline void Init(GM_ADDR input, GM_ADDR target, GM_ADDR loss, GM_ADDR workspace,
                                const CrossEntropyRowsTilingData& tiling)
    {
        block_ = GetBlockIdx();
        blockNum_ = GetBlockNum();
        classes_ = tiling.classes;
        rowStride_ = tiling.rowStride;
        tileRows_ = tiling.tileRows;
        reduction_ = tiling.reduction;
        invRows_ = tiling.invRows;
        rows_ = tiling.rowsPerCore + (block_ < tiling.tailCores ? 1 : 0);
        const uint64_t firstRow =
            static_cast<uint64_t>(block_) * tiling.rowsPerCore + (block_ < tiling.tailCores ? block_ : tiling.tailCores);
        xGm_.SetGlobalBuffer((__gm__ T*)input + firstRow * classes_, static_cast<uint64_t>(rows_) * classes_);
        targetGm_.SetGlobalBuffer((__gm__ int64_t*)target + firstRow, rows_);
        if (reduction_ == REDUCTION_NONE) {
            yGm_.SetGlobalBuffer((__gm__ T*)loss + firstRow, rows_);
        } else {
            yGm_.SetGlobalBuffer((__gm__ T*)loss, 1);
            partialGm_.SetGlobalBuffer((__gm__ float*)GetUserWorkspace(workspace), blockNum_ * FLOAT_BLOCK);
        }

        const uint32_t rowSlots = (tileRows_ + FLOAT_BLOCK - 1) / FLOAT_BLOCK * FLOAT_BLOCK;
        const uint32_t batch = tileRows_ < ROW_BATCH ? tileRows_ : ROW_BATCH;
        pipe_.InitBuffer(xQueue_, BUFFER_NUM, tileRows_ * rowStride_ * sizeof(T));
        pipe_.InitBuffer(targetQueue_, BUFFER_NUM, tileRows_ * sizeof(int64_t));
        pipe_.InitBuffer(yQueue_, BUFFER_NUM, rowSlots * sizeof(T));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(floatBuf_, tileRows_ * rowStride_ * sizeof(float));
        }
        pipe_.InitBuffer(scratchBuf_, batch * FLOAT_REPEAT * sizeof(float));
        pipe_.InitBuffer(broadcastBuf_, (batch + FLOAT_BLOCK) / FLOAT_BLOCK * FLOAT_BLOCK * FLOAT_BLOCK * sizeof(float));
        pipe_.InitBuffer(maxBuf_, (rowSlots + FLOAT_BLOCK) * sizeof(float));
        pipe_.InitBuffer(sumBuf_, rowSlots * sizeof(float));
        pipe_.InitBuffer(pickBuf_, rowSlots * sizeof(float));
        pipe_.InitBuffer(offsetBuf_, rowSlots * sizeof(int32_t));
        pipe_.InitBuffer(baseBuf_, rowSlots * sizeof(int32_t));
        if (reduction_ != REDUCTION_NONE) {
            pipe_.InitBuffer(workBuf_, tiling.workLength * sizeof(float));
            pipe_.InitBuffer(accBuf_, FLOAT_BLOCK * sizeof(float));
            pipe_.InitBuffer(tileSumBuf_, FLOAT_BLOCK * sizeof(float));
            pipe_.InitBuffer(partialsBuf_, blockNum_ * FLOAT_BLOCK * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        const uint32_t rowSlots = (tileRows_ + FLOAT_BLOCK - 1) / FLOAT_BLOCK * FLOAT_BLOCK;
        // Brcb reads the maxima in groups of 8: the lanes past a batch must hold something.
        Duplicate(maxBuf_.Get<float>(), 0.0f, rowSlots + FLOAT_BLOCK);
        LocalTensor<int32_t> base = baseBuf_.Get<int32_t>();
        CreateVecIndex(base, static_cast<int32_t>(0), rowSlots);
        Muls(base, base, static_cast<int32_t>(rowStride_ * sizeof(float)), rowSlots);
        if (reduction_ != REDUCTION_NONE) {
            Duplicate(accBuf_.Get<float>(), 0.0f, FLOAT_BLOCK);
        }
        for (uint32_t done = 0; done < rows_; done += tileRows_) {
            const uint32_t count = rows_ - done < tileRows_ ? rows_ - done : tileRows_;
            CopyIn(done, count);
            Compute(count);
            if (reduction_ == REDUCTION_NONE) {
                CopyOut(done, count);
            } else {
                Accumulate(count);
            }
        }
        if (reduction_ != REDUCTION_NONE) {
            WritePartial();
            SyncAll();
            if (block_ == 0) {
                WriteTotal();
            }
        }
    }

private:
    template <HardEvent event>
    __aicore__ inline void Wait()
    {
        event_t ready = static_cast<event_t>(GetTPipePtr()->FetchEventID<event>());
        SetFlag<event>(ready);
        WaitFlag<event>(ready);
    }

    __aicore__ inline void CopyIn(uint32_t row, uint32_t count)
    {
        const T lowest = IsSameType<T, float>::value ? static_cast<T>(-3.0e38f) : static_cast<T>(-65504.0f);
        LocalTensor<T> xLocal = xQueue_.AllocTensor<T>();
        DataCopyExtParams params(static_cast<uint16_t>(count), classes_ * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(true, 0, static_cast<uint8_t>(rowStride_ - classes_), lowest);
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row) * classes_], params, pad);
        xQueue_.EnQue(xLocal);
        LocalTensor<int64_t> targetLocal = targetQueue_.AllocTensor<int64_t>();
        DataCopyExtParams targetParams(1, count * sizeof(int64_t), 0, 0, 0);
        DataCopyPadExtParams<int64_t> targetPad(false, 0, 0, 0);
        DataCopyPad(targetLocal, targetGm_[row], targetParams, targetPad);
        targetQueue_.EnQue(targetLocal);
    }

    // dst[r] = max (or sum) of row r of x for rows rows of stride W, through the batch scratch.
    template <bool isMax>
    __aicore__ inline void RowReduce(const LocalTensor<float>& dst, const LocalTensor<float>& x, uint32_t rows)
    {
        LocalTensor<float> scratch = scratchBuf_.Get<float>();
        const uint8_t stride = static_cast<uint8_t>(rowStride_ / FLOAT_BLOCK);
        const uint32_t firstLanes = rowStride_ < FLOAT_REPEAT ? rowStride_ : FLOAT_REPEAT;
        Adds(scratch, x, 0.0f, static_cast<uint64_t>(firstLanes), static_cast<uint8_t>(rows),
             UnaryRepeatParams(1, 1, FLOAT_BLOCK, stride));
        for (uint32_t col = FLOAT_REPEAT; col < rowStride_; col += FLOAT_REPEAT) {
            const uint32_t lanes = rowStride_ - col < FLOAT_REPEAT ? rowStride_ - col : FLOAT_REPEAT;
            const BinaryRepeatParams params(1, 1, 1, FLOAT_BLOCK, FLOAT_BLOCK, stride);
            if constexpr (isMax) {
                Max(scratch, scratch, x[col], static_cast<uint64_t>(lanes), static_cast<uint8_t>(rows), params);
            } else {
                Add(scratch, scratch, x[col], static_cast<uint64_t>(lanes), static_cast<uint8_t>(rows), params);
            }
        }
        if constexpr (isMax) {
            WholeReduceMax(dst, scratch, static_cast<int32_t>(firstLanes), static_cast<int32_t>(rows), 1, 1,
                           FLOAT_BLOCK, ReduceOrder::ORDER_ONLY_VALUE);
        } else {
            WholeReduceSum(dst, scratch, static_cast<int32_t>(firstLanes), static_cast<int32_t>(rows), 1, 1, FLOAT_BLOCK);
        }
    }

    // x[r, :] -= max of row r for a batch of rows.
    __aicore__ inline void ShiftByMax(const LocalTensor<float>& x, const LocalTensor<float>& maxima, uint32_t rows)
    {
        LocalTensor<float> broadcast = broadcastBuf_.Get<float>();
        Brcb(broadcast, maxima, static_cast<uint8_t>((rows + FLOAT_BLOCK - 1) / FLOAT_BLOCK),
             BrcbRepeatParams(1, FLOAT_BLOCK));
        const uint8_t stride = static_cast<uint8_t>(rowStride_ / FLOAT_BLOCK);
        for (uint32_t col = 0; col < rowStride_; col += FLOAT_REPEAT) {
            const uint32_t lanes = rowStride_ - col < FLOAT_REPEAT ? rowStride_ - col : FLOAT_REPEAT;
            Sub(x[col], x[col], broadcast, static_cast<uint64_t>(lanes), static_cast<uint8_t>(rows),
                BinaryRepeatParams(1, 1, 0, stride, stride, 1));
        }
    }

    // sums[0 .. count) = the tile's losses.
    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> xLocal = xQueue_.DeQue<T>();
        LocalTensor<float> x;
        if constexpr (IsSameType<T, float>::value) {
            x = xLocal;
        } else {
            x = floatBuf_.Get<float>();
            Cast(x, xLocal, RoundMode::CAST_NONE, count * rowStride_);
            xQueue_.FreeTensor(xLocal);
        }
        // Byte offsets of the target logits: r * W * 4 + t_r * 4.
        LocalTensor<int64_t> targetLocal = targetQueue_.DeQue<int64_t>();
        LocalTensor<int32_t> offsets = offsetBuf_.Get<int32_t>();
        Cast(offsets, targetLocal, RoundMode::CAST_NONE, count);
        targetQueue_.FreeTensor(targetLocal);
        Muls(offsets, offsets, static_cast<int32_t>(sizeof(float)), count);
        Add(offsets, offsets, baseBuf_.Get<int32_t>(), count);

        LocalTensor<float> maxima = maxBuf_.Get<float>();
        LocalTensor<float> sums = sumBuf_.Get<float>();
        LocalTensor<float> picked = pickBuf_.Get<float>();
        for (uint32_t row = 0; row < count; row += ROW_BATCH) {
            const uint32_t rows = count - row < ROW_BATCH ? count - row : ROW_BATCH;
            LocalTensor<float> batch = x[row * rowStride_];
            RowReduce<true>(maxima[row], batch, rows);
            ShiftByMax(batch, maxima[row], rows);
        }
        Gather(picked, x, offsets.ReinterpretCast<uint32_t>(), 0, count);
        Exp(x, x, count * rowStride_);
        for (uint32_t row = 0; row < count; row += ROW_BATCH) {
            const uint32_t rows = count - row < ROW_BATCH ? count - row : ROW_BATCH;
            RowReduce<false>(sums[row], x[row * rowStride_], rows);
        }
        if constexpr (IsSameType<T, float>::value) {
            xQueue_.FreeTensor(xLocal);
        }
        Ln(sums, sums, count);
        Sub(sums, sums, picked, count);
    }

    __aicore__ inline void CopyOut(uint32_t row, uint32_t count)
    {
        LocalTensor<float> losses = sumBuf_.Get<float>();
        LocalTensor<T> yLocal = yQueue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            Adds(yLocal, losses, 0.0f, count);
        } else {
            Cast(yLocal, losses, RoundMode::CAST_RINT, count);
        }
        yQueue_.EnQue(yLocal);
        yLocal = yQueue_.DeQue<T>();
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPad(yGm_[row], yLocal, params);
        yQueue_.FreeTensor(yLocal);
    }

    __aicore__ inline void Accumulate(uint32_t count)
    {
        LocalTensor<float> tileSum = tileSumBuf_.Get<float>();
        LocalTensor<float> acc = accBuf_.Get<float>();
        ReduceSum(tileSum, sumBuf_.Get<float>(), workBuf_.Get<float>(), count);
        Add(acc, acc, tileSum, 1);
    }

    __aicore__ inline void WritePartial()
    {
        Wait<HardEvent::V_MTE3>();
        // Lanes 1..7 of acc stay 0, so core 0 may add all eight lanes of every slot.
        DataCopy(partialGm_[block_ * FLOAT_BLOCK], accBuf_.Get<float>(), FLOAT_BLOCK);
    }

    __aicore__ inline void WriteTotal()
    {
        LocalTensor<float> partials = partialsBuf_.Get<float>();
        DataCopy(partials, partialGm_, blockNum_ * FLOAT_BLOCK);
        Wait<HardEvent::MTE2_V>();
        LocalTensor<float> total = tileSumBuf_.Get<float>();
        ReduceSum(total, partials, workBuf_.Get<float>(), blockNum_ * FLOAT_BLOCK);
        if (reduction_ == REDUCTION_MEAN) {
            Muls(total, total, invRows_, 1);
        }
        LocalTensor<T> yLocal = yQueue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            Adds(yLocal, total, 0.0f, 1);
        } else {
            Cast(yLocal, total, RoundMode::CAST_RINT, 1);
        }
        yQueue_.EnQue(yLocal);
        yLocal = yQueue_.DeQue<T>();
        DataCopyExtParams params(1, sizeof(T), 0, 0, 0);
        DataCopyPad(yGm_, yLocal, params);
        yQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> xQueue_, targetQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> yQueue_;
    TBuf<TPosition::VECCALC> floatBuf_, scratchBuf_, broadcastBuf_, maxBuf_, sumBuf_, pickBuf_, offsetBuf_, baseBuf_;
    TBuf<TPosition::VECCALC> workBuf_, accBuf_, tileSumBuf_, partialsBuf_;
    GlobalTensor<T> xGm_, yGm_;
    GlobalTensor<int64_t> targetGm_;
    GlobalTensor<float> partialGm_;
    uint32_t block_ = 0;
    uint32_t blockNum_ = 1;
    uint32_t classes_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t reduction_ = 0;
    uint32_t rows_ = 0;
    float invRows_ = 0.0f;
};

extern "C" __global__ __aicore__ void cross_entropy_rows(GM_ADDR input, GM_ADDR target, GM_ADDR loss, GM_ADDR workspace,
                                                         GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelCrossEntropyRows<DTYPE_INPUT> op;
    op.Init(input, target, loss, workspace, tilingData);
    op.Process();
}
