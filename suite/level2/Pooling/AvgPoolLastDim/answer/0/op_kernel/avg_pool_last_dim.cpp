// AvgPoolLastDim: y[w] = mean(x[w*k .. w*k + k-1]) over the flattened tensor (stride = k, no
// padding, L % k == 0, so no window crosses a row). Each core takes a contiguous range of windows
// and moves tiles of whole windows through double-buffered queues; DataCopyPad copies exactly the
// tile's bytes, so neither k nor the row length needs to be 32-byte aligned.
//
// A window is k consecutive elements, which need not start on a 32-byte block, so a block-strided
// vector op cannot pick them out. Instead the tile is read as k interleaved columns: Gather with the
// byte offsets w * k * 4 and base r * 4 collects element r of every window, and k - 1 Adds sum the
// columns. That is k Gathers and k Adds per 64 windows, whatever k is. fp16/bf16 tiles are widened
// to float first, summed in float and rounded once (CAST_RINT).
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelAvgPoolLastDim {
public:
    __aicore__ inline KernelAvgPoolLastDim() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const AvgPoolLastDimTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        kernelSize_ = tiling.kernelSize;
        tileWindows_ = tiling.tileWindows;
        invKernelSize_ = tiling.invKernelSize;
        windows_ = tiling.windowsPerCore + (block < tiling.tailCores ? 1 : 0);
        const uint64_t firstWindow =
            static_cast<uint64_t>(block) * tiling.windowsPerCore + (block < tiling.tailCores ? block : tiling.tailCores);
        xGm_.SetGlobalBuffer((__gm__ T*)x + firstWindow * kernelSize_, static_cast<uint64_t>(windows_) * kernelSize_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + firstWindow, windows_);

        const uint32_t tileElements = tileWindows_ * kernelSize_;
        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileElements * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileWindows_ * sizeof(T));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(xFloatBuf_, tileElements * sizeof(float));
        }
        pipe_.InitBuffer(offsetBuf_, tileWindows_ * sizeof(uint32_t));
        pipe_.InitBuffer(sumBuf_, tileWindows_ * sizeof(float));
        pipe_.InitBuffer(columnBuf_, tileWindows_ * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        if (windows_ == 0) {
            return;
        }
        BuildOffsets();
        for (uint32_t done = 0; done < windows_; done += tileWindows_) {
            const uint32_t count = windows_ - done < tileWindows_ ? windows_ - done : tileWindows_;
            CopyIn(done, count);
            Compute(count);
            CopyOut(done, count);
        }
    }

private:
    // Byte offset of window w's first float in a tile: w * k * sizeof(float), the same for every
    // tile, so it is built once (index vector times the window's byte length).
    __aicore__ inline void BuildOffsets()
    {
        LocalTensor<int32_t> index = offsetBuf_.Get<int32_t>();
        CreateVecIndex(index, static_cast<int32_t>(0), tileWindows_);
        Muls(index, index, static_cast<int32_t>(kernelSize_ * sizeof(float)), tileWindows_);
    }

    __aicore__ inline void CopyIn(uint32_t window, uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
        DataCopyExtParams params(1, count * kernelSize_ * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(window) * kernelSize_], params, pad);
        inQueue_.EnQue(xLocal);
    }

    // sum[w] = x[w*k] + x[w*k + 1] + ... + x[w*k + k-1] for the count windows of the tile, in float.
    __aicore__ inline void SumWindows(const LocalTensor<float>& sum, const LocalTensor<float>& x, uint32_t count)
    {
        LocalTensor<uint32_t> offsets = offsetBuf_.Get<uint32_t>();
        LocalTensor<float> column = columnBuf_.Get<float>();
        Gather(sum, x, offsets, 0, count);
        for (uint32_t r = 1; r < kernelSize_; ++r) {
            Gather(column, x, offsets, static_cast<uint32_t>(r * sizeof(float)), count);
            Add(sum, sum, column, count);
        }
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.DeQue<T>();
        LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
        LocalTensor<float> sum = sumBuf_.Get<float>();
        if constexpr (IsSameType<T, float>::value) {
            SumWindows(sum, xLocal, count);
            Muls(yLocal, sum, invKernelSize_, count);
        } else {
            LocalTensor<float> xFloat = xFloatBuf_.Get<float>();
            Cast(xFloat, xLocal, RoundMode::CAST_NONE, count * kernelSize_);
            SumWindows(sum, xFloat, count);
            Muls(sum, sum, invKernelSize_, count);
            Cast(yLocal, sum, RoundMode::CAST_RINT, count);
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
    TBuf<TPosition::VECCALC> xFloatBuf_, offsetBuf_, sumBuf_, columnBuf_;
    GlobalTensor<T> xGm_, yGm_;
    uint32_t kernelSize_ = 0;
    uint32_t tileWindows_ = 0;
    uint32_t windows_ = 0;
    float invKernelSize_ = 0.0f;
};

extern "C" __global__ __aicore__ void avg_pool_last_dim(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelAvgPoolLastDim<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
