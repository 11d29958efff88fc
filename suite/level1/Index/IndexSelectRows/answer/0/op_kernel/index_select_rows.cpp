// IndexSelectRows: y[i, :] = x[index[i], :].
// Each core owns a contiguous run of output rows. Per tile it loads the tile's row numbers into UB
// (read by the scalar unit once the copy has landed), gathers the picked rows of x into a UB tile
// with one DataCopyPad per row (each row on its own 32-byte boundary), and writes the whole tile
// to y with one strided DataCopyPad, which skips the UB padding between rows. Rows longer than a
// tile go in column chunks. The tile buffers are a VECIN->VECOUT bound queue: no vector work
// touches the data, MTE2 fills a buffer while MTE3 drains the other.
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
        rowLength_ = tiling.rowLength;
        tileRows_ = tiling.tileRows;
        colTile_ = tiling.colTile;
        colStride_ = tiling.colStride;
        rows_ = tiling.rowsPerCore + (block < tiling.bigCoreNum ? 1 : 0);
        const uint64_t firstRow =
            static_cast<uint64_t>(block) * tiling.rowsPerCore + (block < tiling.bigCoreNum ? block : tiling.bigCoreNum);
        xGm_.SetGlobalBuffer((__gm__ T*)x, static_cast<uint64_t>(tiling.srcRows) * rowLength_);
        indexGm_.SetGlobalBuffer((__gm__ int64_t*)index + firstRow, rows_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + firstRow * rowLength_, static_cast<uint64_t>(rows_) * rowLength_);

        pipe_.InitBuffer(rowQueue_, BUFFER_NUM, tileRows_ * colStride_ * sizeof(T));
        pipe_.InitBuffer(indexBuf_, (tileRows_ * sizeof(int64_t) + BLOCK_BYTES - 1) / BLOCK_BYTES * BLOCK_BYTES);
    }

    __aicore__ inline void Process()
    {
        for (uint32_t done = 0; done < rows_; done += tileRows_) {
            const uint32_t count = rows_ - done < tileRows_ ? rows_ - done : tileRows_;
            LoadIndices(done, count);
            for (uint32_t col = 0; col < rowLength_; col += colTile_) {
                const uint32_t width = rowLength_ - col < colTile_ ? rowLength_ - col : colTile_;
                GatherRows(count, col, width);
                WriteRows(done, count, col, width);
            }
        }
    }

private:
    __aicore__ inline void LoadIndices(uint32_t first, uint32_t count)
    {
        LocalTensor<int64_t> indices = indexBuf_.Get<int64_t>();
        DataCopyPad(indices, indexGm_[first], DataCopyExtParams(1, count * sizeof(int64_t), 0, 0, 0),
                    DataCopyPadExtParams<int64_t>(false, 0, 0, 0));
        // The scalar unit reads the row numbers: wait until MTE2 has written them.
        event_t landed = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_S));
        SetFlag<HardEvent::MTE2_S>(landed);
        WaitFlag<HardEvent::MTE2_S>(landed);
    }

    __aicore__ inline void GatherRows(uint32_t count, uint32_t col, uint32_t width)
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

    __aicore__ inline void WriteRows(uint32_t first, uint32_t count, uint32_t col, uint32_t width)
    {
        LocalTensor<T> tile = rowQueue_.DeQue<T>();
        // UB side: skip the padding after each row (in 32-byte blocks); GM side: skip the columns
        // of the row outside this chunk (in bytes).
        const uint32_t paddedBytes = (width * sizeof(T) + BLOCK_BYTES - 1) / BLOCK_BYTES * BLOCK_BYTES;
        const uint32_t ubGap = (colStride_ * sizeof(T) - paddedBytes) / BLOCK_BYTES;
        const uint32_t gmGap = (rowLength_ - width) * sizeof(T);
        DataCopyPad(yGm_[static_cast<uint64_t>(first) * rowLength_ + col], tile,
                    DataCopyExtParams(static_cast<uint16_t>(count), width * sizeof(T), ubGap, gmGap, 0));
        rowQueue_.FreeTensor(tile);
    }

    TPipe pipe_;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, BUFFER_NUM> rowQueue_;
    TBuf<TPosition::VECCALC> indexBuf_;
    GlobalTensor<T> xGm_, yGm_;
    GlobalTensor<int64_t> indexGm_;
    uint32_t rowLength_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t colTile_ = 0;
    uint32_t colStride_ = 0;
    uint32_t rows_ = 0;
};

extern "C" __global__ __aicore__ void index_select_rows(GM_ADDR x, GM_ADDR index, GM_ADDR y, GM_ADDR workspace,
                                                        GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelIndexSelectRows<DTYPE_X> op;
    op.Init(x, index, y, tilingData);
    op.Process();
}
