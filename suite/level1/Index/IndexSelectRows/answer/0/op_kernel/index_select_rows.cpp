// IndexSelectRows: y[i, :] = x[index[i], :].
// Each core owns a contiguous run of output rows. Per tile it loads the tile's row numbers into UB
// and reads them with the scalar unit once the copy has landed (MTE2->S). Two ways to fetch rows:
// - resident (small x): the core copies all of x into UB once. Per output row one Adds turns the
//   column byte offsets into the row's source offsets, and one Gather per tile fetches every
//   element of the tile from the UB copy; no DMA per row.
// - streamed: one DataCopyPad per picked row from GM into a VECIN->VECOUT bound tile (no vector
//   work touches it, MTE2 fills one buffer while MTE3 drains the other); rows longer than a tile go
//   in column chunks.
// Either way a tile holds its rows on 32-byte boundaries, colStride elements apart, and goes to y
// with one strided DataCopyPad that skips the UB padding between rows.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;

template <typename T>
class KernelIndexSelectRows {
public:
    __aicore__ inline KernelIndexSelectRows() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR index, GM_ADDR y, const IndexSelectRowsTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        srcRows_ = tiling.srcRows;
        rowLength_ = tiling.rowLength;
        tileRows_ = tiling.tileRows;
        colTile_ = tiling.colTile;
        colStride_ = tiling.colStride;
        resident_ = tiling.resident != 0;
        rows_ = tiling.rowsPerCore + (block < tiling.bigCoreNum ? 1 : 0);
        const uint64_t firstRow =
            static_cast<uint64_t>(block) * tiling.rowsPerCore + (block < tiling.bigCoreNum ? block : tiling.bigCoreNum);
        xGm_.SetGlobalBuffer((__gm__ T*)x, static_cast<uint64_t>(srcRows_) * rowLength_);
        indexGm_.SetGlobalBuffer((__gm__ int64_t*)index + firstRow, rows_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + firstRow * rowLength_, static_cast<uint64_t>(rows_) * rowLength_);

        pipe_.InitBuffer(indexBuf_, RoundUp(tileRows_ * sizeof(int64_t)));
        if (resident_) {
            pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileRows_ * colStride_ * sizeof(T));
            pipe_.InitBuffer(xBuf_, RoundUp(srcRows_ * rowLength_ * sizeof(T)));
            pipe_.InitBuffer(offsetBuf_, tileRows_ * colStride_ * sizeof(int32_t));
            pipe_.InitBuffer(columnBuf_, colStride_ * sizeof(int32_t));
            LoadResident();
        } else {
            pipe_.InitBuffer(rowQueue_, BUFFER_NUM, tileRows_ * colStride_ * sizeof(T));
        }
    }

    __aicore__ inline void Process()
    {
        if (rows_ == 0) {
            return;
        }
        for (uint32_t done = 0; done < rows_; done += tileRows_) {
            const uint32_t count = rows_ - done < tileRows_ ? rows_ - done : tileRows_;
            LoadIndices(done, count);
            if (resident_) {
                GatherResident(count);
                WriteRows(outQueue_, done, count, 0, rowLength_);
                continue;
            }
            for (uint32_t col = 0; col < rowLength_; col += colTile_) {
                const uint32_t width = rowLength_ - col < colTile_ ? rowLength_ - col : colTile_;
                GatherStreamed(count, col, width);
                WriteRows(rowQueue_, done, count, col, width);
            }
        }
    }

private:
    __aicore__ inline static uint32_t RoundUp(uint32_t bytes) { return (bytes + BLOCK_BYTES - 1) / BLOCK_BYTES * BLOCK_BYTES; }

    template <HardEvent event>
    __aicore__ inline void Wait()
    {
        event_t id = static_cast<event_t>(GetTPipePtr()->FetchEventID(event));
        SetFlag<event>(id);
        WaitFlag<event>(id);
    }

    // x into UB, and the byte offset of every column of a row slot. The padding columns of a slot
    // repeat the last column, so every offset Gather sees lies inside x.
    __aicore__ inline void LoadResident()
    {
        if (rows_ == 0) {
            return;
        }
        LocalTensor<T> xs = xBuf_.Get<T>();
        DataCopyPad(xs, xGm_, DataCopyExtParams(1, srcRows_ * rowLength_ * sizeof(T), 0, 0, 0),
                    DataCopyPadExtParams<T>(false, 0, 0, 0));
        LocalTensor<int32_t> columns = columnBuf_.Get<int32_t>();
        CreateVecIndex(columns, static_cast<int32_t>(0), colStride_);
        Muls(columns, columns, static_cast<int32_t>(sizeof(T)), static_cast<int32_t>(colStride_));
        Mins(columns, columns, static_cast<int32_t>((rowLength_ - 1) * sizeof(T)), static_cast<int32_t>(colStride_));
        Wait<HardEvent::MTE2_V>();  // Gather reads the copy of x
    }

    __aicore__ inline void LoadIndices(uint32_t first, uint32_t count)
    {
        LocalTensor<int64_t> indices = indexBuf_.Get<int64_t>();
        DataCopyPad(indices, indexGm_[first], DataCopyExtParams(1, count * sizeof(int64_t), 0, 0, 0),
                    DataCopyPadExtParams<int64_t>(false, 0, 0, 0));
        Wait<HardEvent::MTE2_S>();  // the scalar unit reads the row numbers
    }

    __aicore__ inline void GatherResident(uint32_t count)
    {
        LocalTensor<int64_t> indices = indexBuf_.Get<int64_t>();
        LocalTensor<int32_t> offsets = offsetBuf_.Get<int32_t>();
        LocalTensor<int32_t> columns = columnBuf_.Get<int32_t>();
        const int32_t rowBytes = static_cast<int32_t>(rowLength_ * sizeof(T));
        for (uint32_t r = 0; r < count; ++r) {
            const int32_t base = static_cast<int32_t>(indices.GetValue(r)) * rowBytes;
            Adds(offsets[r * colStride_], columns, base, static_cast<int32_t>(colStride_));
        }
        LocalTensor<T> tile = outQueue_.AllocTensor<T>();
        Gather(tile, xBuf_.Get<T>(), offsets.template ReinterpretCast<uint32_t>(), 0, count * colStride_);
        outQueue_.EnQue(tile);
    }

    __aicore__ inline void GatherStreamed(uint32_t count, uint32_t col, uint32_t width)
    {
        LocalTensor<int64_t> indices = indexBuf_.Get<int64_t>();
        LocalTensor<T> tile = rowQueue_.AllocTensor<T>();
        const DataCopyExtParams rowParams(1, width * sizeof(T), 0, 0, 0);
        const DataCopyPadExtParams<T> noPad(false, 0, 0, 0);
        for (uint32_t r = 0; r < count; ++r) {
            const uint64_t src = static_cast<uint64_t>(indices.GetValue(r));
            DataCopyPad(tile[r * colStride_], xGm_[src * rowLength_ + col], rowParams, noPad);
        }
        rowQueue_.EnQue(tile);
    }

    template <typename Queue>
    __aicore__ inline void WriteRows(Queue& queue, uint32_t first, uint32_t count, uint32_t col, uint32_t width)
    {
        LocalTensor<T> tile = queue.template DeQue<T>();
        // UB side: skip the padding after each row (in 32-byte blocks); GM side: skip the columns
        // of the row outside this chunk (in bytes).
        const uint32_t ubGap = (colStride_ * sizeof(T) - RoundUp(width * sizeof(T))) / BLOCK_BYTES;
        const uint32_t gmGap = (rowLength_ - width) * sizeof(T);
        DataCopyPad(yGm_[static_cast<uint64_t>(first) * rowLength_ + col], tile,
                    DataCopyExtParams(static_cast<uint16_t>(count), width * sizeof(T), ubGap, gmGap, 0));
        queue.FreeTensor(tile);
    }

    TPipe pipe_;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, BUFFER_NUM> rowQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> indexBuf_, xBuf_, offsetBuf_, columnBuf_;
    GlobalTensor<T> xGm_, yGm_;
    GlobalTensor<int64_t> indexGm_;
    uint32_t srcRows_ = 0;
    uint32_t rowLength_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t colTile_ = 0;
    uint32_t colStride_ = 0;
    uint32_t rows_ = 0;
    bool resident_ = false;
};

extern "C" __global__ __aicore__ void index_select_rows(GM_ADDR x, GM_ADDR index, GM_ADDR y, GM_ADDR workspace,
                                                        GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelIndexSelectRows<DTYPE_X> op;
    op.Init(x, index, y, tilingData);
    op.Process();
}
