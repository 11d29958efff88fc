// TrilRows: y[..., i, j] = x[..., i, j] if j - i <= diagonal, else 0.
// A UB tile holds rows of x, row r at r * rowStride. Once per core a float "position" tile is built
// with P[r][j] = j - (r mod period): period is R when tiles hold whole matrices (every tile then
// starts a matrix) and the tile height otherwise (tiles never cross a matrix boundary). For a tile
// whose first row is matrix row i0, covering columns from c0, element (r, j) is kept exactly when
// P[r][j] <= diagonal + i0 - c0, so a whole tile is masked by one CompareScalar and one Select
// whatever rows it holds. Rows move with one strided DataCopyPad each way; the padding lanes of a
// row are computed on but never written out.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;

template <typename T>
class KernelTrilRows {
public:
    __aicore__ inline KernelTrilRows() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const TrilRowsTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        matrixRows_ = tiling.matrixRows;
        rowLength_ = tiling.rowLength;
        tileRows_ = tiling.tileRows;
        colTile_ = tiling.colTile;
        rowStride_ = tiling.rowStride;
        tileElems_ = tiling.tileElems;
        diagonal_ = tiling.diagonal;
        // Single-row matrices are whole matrices whichever way the host split them.
        wholeMatrices_ = tiling.unitRows > 1 || matrixRows_ == 1;
        const uint32_t units = tiling.unitsPerCore + (block < tiling.bigCoreNum ? 1 : 0);
        firstRow_ = (block * tiling.unitsPerCore + (block < tiling.bigCoreNum ? block : tiling.bigCoreNum)) * tiling.unitRows;
        rows_ = units * tiling.unitRows;
        xGm_.SetGlobalBuffer((__gm__ T*)x + static_cast<uint64_t>(firstRow_) * rowLength_,
                             static_cast<uint64_t>(rows_) * rowLength_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + static_cast<uint64_t>(firstRow_) * rowLength_,
                             static_cast<uint64_t>(rows_) * rowLength_);

        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileElems_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileElems_ * sizeof(T));
        pipe_.InitBuffer(posBuf_, tileElems_ * sizeof(float));
        pipe_.InitBuffer(bitsBuf_, tileElems_ / 8);
        BuildPositions(wholeMatrices_ ? matrixRows_ : tileRows_);
        ClearInputTiles();
    }

    __aicore__ inline void Process()
    {
        uint32_t count = 0;
        for (uint32_t done = 0; done < rows_; done += count) {
            // Matrix row of the tile's first row: 0 when tiles are whole matrices.
            const uint32_t first = wholeMatrices_ ? 0 : (firstRow_ + done) % matrixRows_;
            count = rows_ - done < tileRows_ ? rows_ - done : tileRows_;
            if (!wholeMatrices_ && matrixRows_ - first < count) {
                count = matrixRows_ - first;
            }
            for (uint32_t col = 0; col < rowLength_; col += colTile_) {
                const uint32_t width = rowLength_ - col < colTile_ ? rowLength_ - col : colTile_;
                CopyIn(done, count, col, width);
                Compute(count, static_cast<float>(diagonal_ + static_cast<int32_t>(first) - static_cast<int32_t>(col)));
                CopyOut(done, count, col, width);
            }
        }
    }

private:
    // P[r][j] = j - (r mod period) for the tile's rows, by doubling: row 0 from CreateVecIndex,
    // rows [h, 2h) of the first period as rows [0, h) minus h, then whole periods copied.
    __aicore__ inline void BuildPositions(uint32_t period)
    {
        LocalTensor<float> pos = posBuf_.Get<float>();
        const uint32_t rows = period < tileRows_ ? period : tileRows_;
        Duplicate(pos, 0.0f, static_cast<int32_t>(tileElems_));
        CreateVecIndex(pos, 0.0f, rowStride_);
        for (uint32_t have = 1; have < rows;) {
            const uint32_t add = rows - have < have ? rows - have : have;
            Adds(pos[have * rowStride_], pos, -static_cast<float>(have), static_cast<int32_t>(add * rowStride_));
            have += add;
        }
        for (uint32_t have = rows; have < tileRows_;) {
            const uint32_t add = tileRows_ - have < have ? tileRows_ - have : have;
            Adds(pos[have * rowStride_], pos, 0.0f, static_cast<int32_t>(add * rowStride_));
            have += add;
        }
    }

    // The lanes of a tile past its last row are masked too; give them defined values once.
    __aicore__ inline void ClearInputTiles()
    {
        LocalTensor<T> a = inQueue_.AllocTensor<T>();
        LocalTensor<T> b = inQueue_.AllocTensor<T>();
        Duplicate(a, static_cast<T>(0.0f), static_cast<int32_t>(tileElems_));
        Duplicate(b, static_cast<T>(0.0f), static_cast<int32_t>(tileElems_));
        inQueue_.FreeTensor(a);
        inQueue_.FreeTensor(b);
    }

    // UB gap after each row, in 32-byte blocks, for a chunk of width columns.
    __aicore__ inline uint32_t UbGap(uint32_t width) const
    {
        return (rowStride_ * sizeof(T) - (width * sizeof(T) + BLOCK_BYTES - 1) / BLOCK_BYTES * BLOCK_BYTES) / BLOCK_BYTES;
    }

    __aicore__ inline void CopyIn(uint32_t row, uint32_t count, uint32_t col, uint32_t width)
    {
        LocalTensor<T> tile = inQueue_.AllocTensor<T>();
        DataCopyExtParams params(static_cast<uint16_t>(count), width * sizeof(T), (rowLength_ - width) * sizeof(T),
                                 UbGap(width), 0);
        DataCopyPad(tile, xGm_[static_cast<uint64_t>(row) * rowLength_ + col], params,
                    DataCopyPadExtParams<T>(false, 0, 0, 0));
        inQueue_.EnQue(tile);
    }

    __aicore__ inline void Compute(uint32_t count, float threshold)
    {
        const uint32_t lanes = (count * rowStride_ + 127) / 128 * 128;
        LocalTensor<T> tile = inQueue_.DeQue<T>();
        LocalTensor<uint8_t> bits = bitsBuf_.Get<uint8_t>();
        CompareScalar(bits, posBuf_.Get<float>(), threshold, CMPMODE::LE, lanes);
        LocalTensor<T> out = outQueue_.AllocTensor<T>();
        Select(out, bits, tile, static_cast<T>(0.0f), SELMODE::VSEL_TENSOR_SCALAR_MODE, lanes);
        outQueue_.EnQue(out);
        inQueue_.FreeTensor(tile);
    }

    __aicore__ inline void CopyOut(uint32_t row, uint32_t count, uint32_t col, uint32_t width)
    {
        LocalTensor<T> out = outQueue_.DeQue<T>();
        DataCopyExtParams params(static_cast<uint16_t>(count), width * sizeof(T), UbGap(width),
                                 (rowLength_ - width) * sizeof(T), 0);
        DataCopyPad(yGm_[static_cast<uint64_t>(row) * rowLength_ + col], out, params);
        outQueue_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> posBuf_, bitsBuf_;
    GlobalTensor<T> xGm_, yGm_;
    uint32_t matrixRows_ = 0;
    uint32_t rowLength_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t colTile_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileElems_ = 0;
    uint32_t firstRow_ = 0;
    uint32_t rows_ = 0;
    int32_t diagonal_ = 0;
    bool wholeMatrices_ = false;
};

extern "C" __global__ __aicore__ void tril_rows(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelTrilRows<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
