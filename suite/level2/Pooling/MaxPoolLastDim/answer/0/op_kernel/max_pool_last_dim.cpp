// MaxPoolLastDim: y[w] = max(x[w*k], ..., x[w*k + k-1]) over the flattened tensor (stride = k, no
// padding, L % k == 0). Each core takes a contiguous range of windows and streams tiles of S windows
// (S a multiple of 16) through double-buffered queues; DataCopyPad moves exactly a tile's bytes.
//
// The tile is transposed to window-major order with a single Gather: row t of the transposed tile
// holds element t of every window (byte offset (w*k + t) * sizeof(T), a table built once per core),
// so the rows start on 32-byte boundaries and k - 1 contiguous Max instructions finish the tile in
// its own dtype (a maximum needs no widening). A partial last tile gathers its rows one by one, so
// nothing past the loaded windows is read.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelMaxPoolLastDim {
public:
    __aicore__ inline KernelMaxPoolLastDim() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const MaxPoolLastDimTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        kernelSize_ = tiling.kernelSize;
        tileWindows_ = tiling.tileWindows;
        windows_ = tiling.windowsPerCore + (block < tiling.tailCores ? 1 : 0);
        const uint64_t firstWindow =
            static_cast<uint64_t>(block) * tiling.windowsPerCore + (block < tiling.tailCores ? block : tiling.tailCores);
        xGm_.SetGlobalBuffer((__gm__ T*)x + firstWindow * kernelSize_, static_cast<uint64_t>(windows_) * kernelSize_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + firstWindow, windows_);

        const uint32_t tileElements = tileWindows_ * kernelSize_;
        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileElements * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileWindows_ * sizeof(T));
        pipe_.InitBuffer(transposedBuf_, tileElements * sizeof(T));
        pipe_.InitBuffer(tableBuf_, tileElements * sizeof(uint32_t));
    }

    __aicore__ inline void Process()
    {
        if (windows_ == 0) {
            return;
        }
        BuildTable();
        for (uint32_t done = 0; done < windows_; done += tileWindows_) {
            const uint32_t count = windows_ - done < tileWindows_ ? windows_ - done : tileWindows_;
            CopyIn(done, count);
            Compute(count);
            CopyOut(done, count);
        }
    }

private:
    // table[t * S + w] = (w * k + t) * sizeof(T): row 0 from an index vector, row t = row 0 + t * sizeof(T).
    __aicore__ inline void BuildTable()
    {
        LocalTensor<int32_t> table = tableBuf_.Get<int32_t>();
        const int32_t elementBytes = static_cast<int32_t>(sizeof(T));
        CreateVecIndex(table, static_cast<int32_t>(0), tileWindows_);
        Muls(table, table, static_cast<int32_t>(kernelSize_) * elementBytes, tileWindows_);
        for (uint32_t t = 1; t < kernelSize_; ++t) {
            Adds(table[t * tileWindows_], table, static_cast<int32_t>(t) * elementBytes, tileWindows_);
        }
    }

    __aicore__ inline void CopyIn(uint32_t window, uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
        DataCopyExtParams params(1, count * kernelSize_ * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(window) * kernelSize_], params, pad);
        inQueue_.EnQue(xLocal);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.DeQue<T>();
        LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
        LocalTensor<uint32_t> table = tableBuf_.Get<uint32_t>();
        if (kernelSize_ == 1) {
            Gather(yLocal, xLocal, table, 0, count);  // the identity permutation
        } else {
            LocalTensor<T> transposed = transposedBuf_.Get<T>();
            if (count == tileWindows_) {
                Gather(transposed, xLocal, table, 0, kernelSize_ * tileWindows_);
            } else {
                for (uint32_t t = 0; t < kernelSize_; ++t) {
                    Gather(transposed[t * tileWindows_], xLocal, table[t * tileWindows_], 0, count);
                }
            }
            Max(yLocal, transposed, transposed[tileWindows_], count);
            for (uint32_t t = 2; t < kernelSize_; ++t) {
                Max(yLocal, yLocal, transposed[t * tileWindows_], count);
            }
        }
        outQueue_.EnQue(yLocal);
        inQueue_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(uint32_t window, uint32_t count)
    {
        LocalTensor<T> yLocal = outQueue_.DeQue<T>();
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPad(yGm_[window], yLocal, params);
        outQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> transposedBuf_, tableBuf_;
    GlobalTensor<T> xGm_, yGm_;
    uint32_t kernelSize_ = 1;
    uint32_t tileWindows_ = 0;
    uint32_t windows_ = 0;
};

extern "C" __global__ __aicore__ void max_pool_last_dim(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelMaxPoolLastDim<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
