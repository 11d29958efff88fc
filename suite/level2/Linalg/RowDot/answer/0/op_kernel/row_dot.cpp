// RowDot: y[r] = sum_j a[r, j] * b[r, j], products and sums in float, one rounding at the end.
//
// Short rows (W <= 2040): a tile holds R whole rows, each on a 32-byte boundary (stride W) with its
// last block zero-filled by DataCopyPad, so the float products have zeros past D. Level-0 Adds whose
// repeats step from row to row (repeat stride W / 8 blocks) fold every 64-float column block of all
// rows onto the first one, and one WholeReduceSum per 248 rows leaves the R sums side by side. That
// is ceil(W / 64) instructions for up to 248 rows, whatever R is.
//
// Long rows: each row is cut into pieces of chunkLength elements streamed through the same double-
// buffered queues; ReduceSum gives each piece's sum, which is added to the row's 32-byte slot. A
// batch of finished rows is packed (WholeReduceSum over one lane per slot) and written at once.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOAT_REPEAT = 64;
constexpr uint32_t FLOAT_BLOCK = 8;
constexpr uint32_t ROW_BATCH = 248;

template <typename T>
class KernelRowDot {
public:
    __aicore__ inline KernelRowDot() {}
    __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR y, const RowDotTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        rowLength_ = tiling.rowLength;
        rowStride_ = tiling.rowStride;
        tileRows_ = tiling.tileRows;
        chunkLength_ = tiling.chunkLength;
        rows_ = tiling.rowsPerCore + (block < tiling.tailCores ? 1 : 0);
        const uint64_t firstRow =
            static_cast<uint64_t>(block) * tiling.rowsPerCore + (block < tiling.tailCores ? block : tiling.tailCores);
        aGm_.SetGlobalBuffer((__gm__ T*)a + firstRow * rowLength_, static_cast<uint64_t>(rows_) * rowLength_);
        bGm_.SetGlobalBuffer((__gm__ T*)b + firstRow * rowLength_, static_cast<uint64_t>(rows_) * rowLength_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + firstRow, rows_);

        const uint32_t tileElements = chunkLength_ == 0 ? tileRows_ * rowStride_ : chunkLength_;
        pipe_.InitBuffer(aQueue_, BUFFER_NUM, tileElements * sizeof(T));
        pipe_.InitBuffer(bQueue_, BUFFER_NUM, tileElements * sizeof(T));
        pipe_.InitBuffer(yQueue_, BUFFER_NUM, tileRows_ * sizeof(T));
        pipe_.InitBuffer(productBuf_, tileElements * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(bFloatBuf_, tileElements * sizeof(float));
        }
        pipe_.InitBuffer(sumBuf_, tileRows_ * sizeof(float));
        if (chunkLength_ != 0) {
            pipe_.InitBuffer(slotBuf_, tileRows_ * FLOAT_BLOCK * sizeof(float));
            pipe_.InitBuffer(pieceBuf_, FLOAT_BLOCK * sizeof(float));
            pipe_.InitBuffer(workBuf_, tiling.workLength * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        for (uint32_t done = 0; done < rows_; done += tileRows_) {
            const uint32_t count = rows_ - done < tileRows_ ? rows_ - done : tileRows_;
            if (chunkLength_ == 0) {
                CopyIn(static_cast<uint64_t>(done) * rowLength_, count, rowLength_);
                ShortRows(count);
            } else {
                LongRows(done, count);
            }
            CopyOut(done, count);
        }
    }

private:
    // `count` bursts of `length` elements from offset, each landing on a 32-byte boundary with its
    // last block zero-filled.
    __aicore__ inline void CopyIn(uint64_t offset, uint32_t count, uint32_t length)
    {
        const uint32_t blockElements = 32 / sizeof(T);
        const uint32_t padded = (length + blockElements - 1) / blockElements * blockElements;
        DataCopyExtParams params(static_cast<uint16_t>(count), length * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(true, 0, static_cast<uint8_t>(padded - length), 0);
        LocalTensor<T> aLocal = aQueue_.AllocTensor<T>();
        DataCopyPad(aLocal, aGm_[offset], params, pad);
        aQueue_.EnQue(aLocal);
        LocalTensor<T> bLocal = bQueue_.AllocTensor<T>();
        DataCopyPad(bLocal, bGm_[offset], params, pad);
        bQueue_.EnQue(bLocal);
    }

    // The float products of the tile in productBuf_.
    __aicore__ inline LocalTensor<float> Products(uint32_t elements)
    {
        LocalTensor<T> aLocal = aQueue_.DeQue<T>();
        LocalTensor<T> bLocal = bQueue_.DeQue<T>();
        LocalTensor<float> product = productBuf_.Get<float>();
        if constexpr (IsSameType<T, float>::value) {
            Mul(product, aLocal, bLocal, elements);
        } else {
            LocalTensor<float> bFloat = bFloatBuf_.Get<float>();
            Cast(product, aLocal, RoundMode::CAST_NONE, elements);
            Cast(bFloat, bLocal, RoundMode::CAST_NONE, elements);
            Mul(product, product, bFloat, elements);
        }
        aQueue_.FreeTensor(aLocal);
        bQueue_.FreeTensor(bLocal);
        return product;
    }

    __aicore__ inline void ShortRows(uint32_t count)
    {
        LocalTensor<float> product = Products(count * rowStride_);
        LocalTensor<float> sums = sumBuf_.Get<float>();
        const uint32_t columnBlocks = (rowStride_ + FLOAT_REPEAT - 1) / FLOAT_REPEAT;
        const uint8_t stride = static_cast<uint8_t>(rowStride_ / FLOAT_BLOCK);
        for (uint32_t row = 0; row < count; row += ROW_BATCH) {
            const uint32_t rows = count - row < ROW_BATCH ? count - row : ROW_BATCH;
            LocalTensor<float> first = product[row * rowStride_];
            for (uint32_t k = 1; k < columnBlocks; ++k) {
                const uint32_t lanes = rowStride_ - k * FLOAT_REPEAT < FLOAT_REPEAT ? rowStride_ - k * FLOAT_REPEAT
                                                                                   : FLOAT_REPEAT;
                Add(first, first, first[k * FLOAT_REPEAT], static_cast<uint64_t>(lanes), static_cast<uint8_t>(rows),
                    BinaryRepeatParams(1, 1, 1, stride, stride, stride));
            }
            const int32_t lanes = rowStride_ < FLOAT_REPEAT ? rowStride_ : FLOAT_REPEAT;
            WholeReduceSum(sums[row], first, lanes, static_cast<int32_t>(rows), 1, 1, stride);
        }
    }

    __aicore__ inline void LongRows(uint32_t firstRow, uint32_t count)
    {
        LocalTensor<float> slots = slotBuf_.Get<float>();
        LocalTensor<float> piece = pieceBuf_.Get<float>();
        LocalTensor<float> work = workBuf_.Get<float>();
        for (uint32_t r = 0; r < count; ++r) {
            LocalTensor<float> slot = slots[r * FLOAT_BLOCK];
            const uint64_t rowOffset = static_cast<uint64_t>(firstRow + r) * rowLength_;
            for (uint32_t col = 0; col < rowLength_; col += chunkLength_) {
                const uint32_t length = rowLength_ - col < chunkLength_ ? rowLength_ - col : chunkLength_;
                CopyIn(rowOffset + col, 1, length);
                LocalTensor<float> product = Products(length);
                if (col == 0) {
                    ReduceSum(slot, product, work, length);
                } else {
                    ReduceSum(piece, product, work, length);
                    Add(slot, slot, piece, 1);
                }
            }
        }
        // One lane of each slot (repeat stride one block): the row sums side by side.
        LocalTensor<float> sums = sumBuf_.Get<float>();
        for (uint32_t row = 0; row < count; row += ROW_BATCH) {
            const uint32_t rows = count - row < ROW_BATCH ? count - row : ROW_BATCH;
            WholeReduceSum(sums[row], slots[row * FLOAT_BLOCK], 1, static_cast<int32_t>(rows), 1, 1, 1);
        }
    }

    __aicore__ inline void CopyOut(uint32_t row, uint32_t count)
    {
        LocalTensor<float> sums = sumBuf_.Get<float>();
        LocalTensor<T> yLocal = yQueue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            Adds(yLocal, sums, 0.0f, count);
        } else {
            Cast(yLocal, sums, RoundMode::CAST_RINT, count);
        }
        yQueue_.EnQue(yLocal);
        yLocal = yQueue_.DeQue<T>();
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPad(yGm_[row], yLocal, params);
        yQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> aQueue_, bQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> yQueue_;
    TBuf<TPosition::VECCALC> productBuf_, bFloatBuf_, sumBuf_, slotBuf_, pieceBuf_, workBuf_;
    GlobalTensor<T> aGm_, bGm_, yGm_;
    uint32_t rowLength_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t chunkLength_ = 0;
    uint32_t rows_ = 0;
};

extern "C" __global__ __aicore__ void row_dot(GM_ADDR a, GM_ADDR b, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelRowDot<DTYPE_A> op;
    op.Init(a, b, y, tilingData);
    op.Process();
}
