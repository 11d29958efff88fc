// ArgMaxLastDim: y[r] = the first position of the maximum of row r of x.
// Each core owns a contiguous run of rows and streams them through double-buffered UB tiles; in UB
// every row starts on a 32-byte boundary (DataCopyPad places each burst so).
// - Short rows (at most one 256-byte repeat): WholeReduceMax reduces one row per repeat, 248 rows
//   per call, and writes only the index (a uint32 lane number, the first lane on ties). The indexes
//   are widened to int64 with Cast; no scalar work at all.
// - Longer rows: ReduceMax with calIndex per row, each into its own 32-byte result slot, then one
//   V->S wait and the scalar unit reads the indexes. A row longer than a chunk is reduced chunk by
//   chunk and the best value kept with a strict >, so an earlier chunk wins a tie.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t GROUP_ROWS = 248;  // rows per WholeReduceMax: under 255 repeats, 32-byte aligned uint32 output

template <typename T>
class KernelArgMaxLastDim {
    // ReduceMax leaves the index as integer bits in a T slot.
    using IndexBits = typename std::conditional<sizeof(T) == 2, uint16_t, uint32_t>::type;
    static constexpr uint32_t BLOCK_ELEMS = BLOCK_BYTES / sizeof(T);

public:
    __aicore__ inline KernelArgMaxLastDim() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ArgMaxLastDimTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        rowLength_ = tiling.rowLength;
        tileRows_ = tiling.tileRows;
        colTile_ = tiling.colTile;
        rowStride_ = tiling.rowStride;
        shortRows_ = tiling.shortRows != 0;
        rows_ = tiling.rowsPerCore + (block < tiling.bigCoreNum ? 1 : 0);
        const uint64_t firstRow =
            static_cast<uint64_t>(block) * tiling.rowsPerCore + (block < tiling.bigCoreNum ? block : tiling.bigCoreNum);
        xGm_.SetGlobalBuffer((__gm__ T*)x + firstRow * rowLength_, static_cast<uint64_t>(rows_) * rowLength_);
        yGm_.SetGlobalBuffer((__gm__ int64_t*)y + firstRow, rows_);

        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileRows_ * rowStride_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileRows_ * sizeof(int64_t));
        pipe_.InitBuffer(indexBuf_, RoundUp(tileRows_ * sizeof(uint32_t)));
        if (!shortRows_) {
            pipe_.InitBuffer(resultBuf_, tileRows_ * BLOCK_BYTES);
            pipe_.InitBuffer(workBuf_, RoundUp(tiling.tmpLength * sizeof(T)));
        }
    }

    __aicore__ inline void Process()
    {
        for (uint32_t done = 0; done < rows_; done += tileRows_) {
            const uint32_t count = rows_ - done < tileRows_ ? rows_ - done : tileRows_;
            if (shortRows_) {
                CopyIn(done, count, 0, rowLength_);
                ReduceShortRows(count);
            } else if (colTile_ == rowLength_) {
                CopyIn(done, count, 0, rowLength_);
                ReduceLongRows(count);
            } else {
                ReduceChunkedRow(done);
            }
            WidenAndCopyOut(done, count);
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

    // count rows, columns [col, col + width) of each, one burst per row.
    __aicore__ inline void CopyIn(uint32_t row, uint32_t count, uint32_t col, uint32_t width)
    {
        LocalTensor<T> tile = inQueue_.AllocTensor<T>();
        const uint32_t paddedBytes = RoundUp(width * sizeof(T));
        DataCopyExtParams params(static_cast<uint16_t>(count), width * sizeof(T), (rowLength_ - width) * sizeof(T),
                                 (rowStride_ * sizeof(T) - paddedBytes) / BLOCK_BYTES, 0);
        DataCopyPad(tile, xGm_[static_cast<uint64_t>(row) * rowLength_ + col], params,
                    DataCopyPadExtParams<T>(false, 0, 0, 0));
        inQueue_.EnQue(tile);
    }

    __aicore__ inline void ReduceShortRows(uint32_t count)
    {
        LocalTensor<T> tile = inQueue_.DeQue<T>();
        LocalTensor<uint32_t> indexes = indexBuf_.Get<uint32_t>();
        const int32_t repStride = static_cast<int32_t>(rowStride_ / BLOCK_ELEMS);
        for (uint32_t first = 0; first < count; first += GROUP_ROWS) {
            const uint32_t rows = count - first < GROUP_ROWS ? count - first : GROUP_ROWS;
            LocalTensor<T> dst = indexes[first].template ReinterpretCast<T>();
            WholeReduceMax<T>(dst, tile[first * rowStride_], static_cast<int32_t>(rowLength_), static_cast<int32_t>(rows),
                              1, 1, repStride, ReduceOrder::ORDER_ONLY_INDEX);
        }
        inQueue_.FreeTensor(tile);
    }

    __aicore__ inline void ReduceLongRows(uint32_t count)
    {
        LocalTensor<T> tile = inQueue_.DeQue<T>();
        LocalTensor<T> results = resultBuf_.Get<T>();
        LocalTensor<T> work = workBuf_.Get<T>();
        for (uint32_t r = 0; r < count; ++r) {
            ReduceMax<T>(results[r * BLOCK_ELEMS], tile[r * rowStride_], work, static_cast<int32_t>(rowLength_), true);
        }
        inQueue_.FreeTensor(tile);
        Wait<HardEvent::V_S>();
        LocalTensor<IndexBits> bits = results.template ReinterpretCast<IndexBits>();
        LocalTensor<uint32_t> indexes = indexBuf_.Get<uint32_t>();
        for (uint32_t r = 0; r < count; ++r) {
            indexes.SetValue(r, static_cast<uint32_t>(bits.GetValue(r * BLOCK_ELEMS + 1)));
        }
        Wait<HardEvent::S_V>();
    }

    // One row longer than a chunk (the tiling then gives tiles of one row).
    __aicore__ inline void ReduceChunkedRow(uint32_t row)
    {
        LocalTensor<T> results = resultBuf_.Get<T>();
        LocalTensor<T> work = workBuf_.Get<T>();
        LocalTensor<IndexBits> bits = results.template ReinterpretCast<IndexBits>();
        float best = 0.0f;
        uint32_t bestIndex = 0;
        CopyIn(row, 1, 0, colTile_ < rowLength_ ? colTile_ : rowLength_);
        for (uint32_t col = 0; col < rowLength_; col += colTile_) {
            const uint32_t width = rowLength_ - col < colTile_ ? rowLength_ - col : colTile_;
            LocalTensor<T> tile = inQueue_.DeQue<T>();
            // Start loading the next chunk before reducing this one.
            const uint32_t next = col + colTile_;
            if (next < rowLength_) {
                CopyIn(row, 1, next, rowLength_ - next < colTile_ ? rowLength_ - next : colTile_);
            }
            ReduceMax<T>(results, tile, work, static_cast<int32_t>(width), true);
            inQueue_.FreeTensor(tile);
            Wait<HardEvent::V_S>();
            const float value = static_cast<float>(results.GetValue(0));
            if (col == 0 || value > best) {
                best = value;
                bestIndex = col + static_cast<uint32_t>(bits.GetValue(1));
            }
        }
        indexBuf_.Get<uint32_t>().SetValue(0, bestIndex);
        Wait<HardEvent::S_V>();
    }

    __aicore__ inline void WidenAndCopyOut(uint32_t row, uint32_t count)
    {
        LocalTensor<int64_t> out = outQueue_.AllocTensor<int64_t>();
        Cast(out, indexBuf_.Get<int32_t>(), RoundMode::CAST_NONE, count);
        outQueue_.EnQue(out);
        out = outQueue_.DeQue<int64_t>();
        DataCopyPad(yGm_[row], out, DataCopyExtParams(1, count * sizeof(int64_t), 0, 0, 0));
        outQueue_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> indexBuf_, resultBuf_, workBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<int64_t> yGm_;
    uint32_t rowLength_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t colTile_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t rows_ = 0;
    bool shortRows_ = true;
};

extern "C" __global__ __aicore__ void arg_max_last_dim(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelArgMaxLastDim<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
