// FlipLastDim: y[i, k] = x[i, D-1-k]. Each work item is a block of rows x n elements: input chunk
// [s, s+n) of those rows, reversed, is output chunk [D-s-n, D-s). DataCopyPad moves the block in
// with the row stride of x and lands each row on a 32-byte boundary (stride W); one Gather through
// a table of byte offsets, built once per core, reverses every row of the tile in a single
// instruction; DataCopyPad writes the block back with the row stride of y. Queues are double
// buffered, so the copies of one item overlap the Gather of the next.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;

template <typename T>
class KernelFlipLastDim {
public:
    __aicore__ inline KernelFlipLastDim() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const FlipLastDimTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        rows_ = tiling.rows;
        rowLength_ = tiling.rowLength;
        chunkLength_ = tiling.chunkLength;
        chunks_ = tiling.chunks;
        tileRows_ = tiling.tileRows;
        items_ = tiling.itemsPerCore + (block < tiling.tailItems ? 1 : 0);
        firstItem_ = block * tiling.itemsPerCore + (block < tiling.tailItems ? block : tiling.tailItems);
        const uint32_t blockElements = BLOCK_BYTES / sizeof(T);
        rowStride_ = (chunkLength_ + blockElements - 1) / blockElements * blockElements;
        const uint64_t total = static_cast<uint64_t>(rows_) * rowLength_;
        xGm_.SetGlobalBuffer((__gm__ T*)x, total);
        yGm_.SetGlobalBuffer((__gm__ T*)y, total);
        const uint32_t tileElements = tileRows_ * rowStride_;
        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileElements * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileElements * sizeof(T));
        pipe_.InitBuffer(tableBuf_, tileElements * sizeof(uint32_t));
    }

    __aicore__ inline void Process()
    {
        if (items_ == 0) {
            return;
        }
        BuildTable();
        for (uint32_t i = 0; i < items_; ++i) {
            const uint32_t item = firstItem_ + i;
            const uint32_t row = item / chunks_ * tileRows_;
            const uint32_t chunk = item % chunks_;
            const uint32_t count = rows_ - row < tileRows_ ? rows_ - row : tileRows_;
            const uint32_t start = chunk * chunkLength_ < rowLength_ - chunkLength_ ? chunk * chunkLength_
                                                                                    : rowLength_ - chunkLength_;
            CopyIn(row, start, count);
            Reverse(count);
            CopyOut(row, rowLength_ - start - chunkLength_, count);
        }
    }

private:
    // table[r * W + k] = byte offset of element (r, n-1-k) of the tile; the padding positions
    // k >= n point at the row's first element. Row 0 is built from an index vector, then the rows
    // built so far are copied with an added row offset, doubling each time.
    __aicore__ inline void BuildTable()
    {
        LocalTensor<int32_t> table = tableBuf_.Get<int32_t>();
        const int32_t elementBytes = static_cast<int32_t>(sizeof(T));
        CreateVecIndex(table, static_cast<int32_t>(0), rowStride_);
        Muls(table, table, -elementBytes, rowStride_);
        Adds(table, table, static_cast<int32_t>(chunkLength_ - 1) * elementBytes, rowStride_);
        Maxs(table, table, static_cast<int32_t>(0), rowStride_);
        for (uint32_t built = 1; built < tileRows_; built *= 2) {
            const uint32_t copies = tileRows_ - built < built ? tileRows_ - built : built;
            Adds(table[built * rowStride_], table, static_cast<int32_t>(built * rowStride_) * elementBytes,
                 copies * rowStride_);
        }
    }

    __aicore__ inline void CopyIn(uint32_t row, uint32_t start, uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
        DataCopyExtParams params(static_cast<uint16_t>(count), chunkLength_ * sizeof(T),
                                 (rowLength_ - chunkLength_) * sizeof(T), 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row) * rowLength_ + start], params, pad);
        inQueue_.EnQue(xLocal);
    }

    __aicore__ inline void Reverse(uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.DeQue<T>();
        LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
        Gather(yLocal, xLocal, tableBuf_.Get<uint32_t>(), 0, count * rowStride_);
        outQueue_.EnQue(yLocal);
        inQueue_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(uint32_t row, uint32_t start, uint32_t count)
    {
        LocalTensor<T> yLocal = outQueue_.DeQue<T>();
        DataCopyExtParams params(static_cast<uint16_t>(count), chunkLength_ * sizeof(T), 0,
                                 (rowLength_ - chunkLength_) * sizeof(T), 0);
        DataCopyPad(yGm_[static_cast<uint64_t>(row) * rowLength_ + start], yLocal, params);
        outQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> tableBuf_;
    GlobalTensor<T> xGm_, yGm_;
    uint32_t rows_ = 0;
    uint32_t rowLength_ = 0;
    uint32_t chunkLength_ = 0;
    uint32_t chunks_ = 1;
    uint32_t tileRows_ = 1;
    uint32_t rowStride_ = 0;
    uint32_t items_ = 0;
    uint32_t firstItem_ = 0;
};

extern "C" __global__ __aicore__ void flip_last_dim(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelFlipLastDim<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
