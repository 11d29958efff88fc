// SplitHalves: a = x[:, 0, :], b = x[:, 1, :] with x viewed as [outer, 2, K]. Pure data movement
// through UB: each work item is a block of up to tileRows runs x tileCols elements of one output.
// DataCopyPad reads the runs with the input's stride (2K elements between runs), lands each on a
// 32-byte boundary in UB, and writes them back with the output's stride (K elements); lengths are
// in bytes, so neither K nor a run's start needs any alignment. One bound VECIN/VECOUT queue with
// two buffers lets the read of the next item overlap the write of the current one.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;

template <typename T>
class KernelSplitHalves {
public:
    __aicore__ inline KernelSplitHalves() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR a, GM_ADDR b, const SplitHalvesTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        outer_ = tiling.outer;
        runLength_ = tiling.runLength;
        tileRows_ = tiling.tileRows;
        tileCols_ = tiling.tileCols;
        rowGroups_ = tiling.rowGroups;
        colChunks_ = tiling.colChunks;
        items_ = tiling.itemsPerCore + (block < tiling.tailItems ? 1 : 0);
        firstItem_ = block * tiling.itemsPerCore + (block < tiling.tailItems ? block : tiling.tailItems);
        const uint64_t half = static_cast<uint64_t>(outer_) * runLength_;
        xGm_.SetGlobalBuffer((__gm__ T*)x, 2 * half);
        outGm_[0].SetGlobalBuffer((__gm__ T*)a, half);
        outGm_[1].SetGlobalBuffer((__gm__ T*)b, half);
        const uint32_t blockElements = BLOCK_BYTES / sizeof(T);
        const uint32_t colStride = (tileCols_ + blockElements - 1) / blockElements * blockElements;
        pipe_.InitBuffer(queue_, BUFFER_NUM, tileRows_ * colStride * sizeof(T));
    }

    __aicore__ inline void Process()
    {
        const uint32_t itemsPerHalf = rowGroups_ * colChunks_;
        for (uint32_t i = 0; i < items_; ++i) {
            const uint32_t item = firstItem_ + i;
            const uint32_t half = item / itemsPerHalf;
            const uint32_t group = item % itemsPerHalf / colChunks_;
            const uint32_t chunk = item % colChunks_;
            const uint32_t row = group * tileRows_;
            const uint32_t col = chunk * tileCols_;
            const uint32_t rows = outer_ - row < tileRows_ ? outer_ - row : tileRows_;
            const uint32_t cols = runLength_ - col < tileCols_ ? runLength_ - col : tileCols_;
            CopyIn(half, row, col, rows, cols);
            CopyOut(half, row, col, rows, cols);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t half, uint32_t row, uint32_t col, uint32_t rows, uint32_t cols)
    {
        LocalTensor<T> tile = queue_.AllocTensor<T>();
        // Between two runs of one output the input holds the other output's run and the rest of this one.
        DataCopyExtParams params(static_cast<uint16_t>(rows), cols * sizeof(T),
                                 (2 * runLength_ - cols) * sizeof(T), 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        const uint64_t offset = (2ULL * row + half) * runLength_ + col;
        DataCopyPad(tile, xGm_[offset], params, pad);
        queue_.EnQue(tile);
    }

    __aicore__ inline void CopyOut(uint32_t half, uint32_t row, uint32_t col, uint32_t rows, uint32_t cols)
    {
        LocalTensor<T> tile = queue_.DeQue<T>();
        DataCopyExtParams params(static_cast<uint16_t>(rows), cols * sizeof(T), 0, (runLength_ - cols) * sizeof(T), 0);
        DataCopyPad(outGm_[half][static_cast<uint64_t>(row) * runLength_ + col], tile, params);
        queue_.FreeTensor(tile);
    }

    TPipe pipe_;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, BUFFER_NUM> queue_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> outGm_[2];
    uint32_t outer_ = 0;
    uint32_t runLength_ = 0;
    uint32_t tileRows_ = 1;
    uint32_t tileCols_ = 1;
    uint32_t rowGroups_ = 1;
    uint32_t colChunks_ = 1;
    uint32_t items_ = 0;
    uint32_t firstItem_ = 0;
};

extern "C" __global__ __aicore__ void split_halves(GM_ADDR x, GM_ADDR a, GM_ADDR b, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelSplitHalves<DTYPE_X> op;
    op.Init(x, a, b, tilingData);
    op.Process();
}
