// IsNanMask: y = isnan(x), elementwise, one byte per element.
// NaN is the only value that is not equal to itself, so comparing a tile with itself (NE) yields
// exactly the NaN bits; +-inf and every finite value compare equal. Select turns the bits into
// half 1/0 and Cast narrows them to bytes. bfloat16 has no vector compare, so it is widened to
// float first (the widening keeps NaN a NaN). Each core streams its run through UB in
// double-buffered tiles; DataCopyPad moves exactly the valid elements of a short last tile.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t ALIGN_ELEMS = 256;  // Compare's count granule, as in the tiling

template <typename T>
class KernelIsNanMask {
    // The type the comparison runs in: bfloat16 is compared as float.
    using C = typename std::conditional<std::is_same<T, bfloat16_t>::value, float, T>::type;

public:
    __aicore__ inline KernelIsNanMask() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const IsNanMaskTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        const uint64_t start = static_cast<uint64_t>(block) * tiling.coreLength;
        length_ = block + 1 == GetBlockNum() ? tiling.lastCoreLength : tiling.coreLength;
        tileLength_ = tiling.tileLength;
        xGm_.SetGlobalBuffer((__gm__ T*)x + start, length_);
        yGm_.SetGlobalBuffer((__gm__ uint8_t*)y + start, length_);

        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(uint8_t));
        pipe_.InitBuffer(bitsBuf_, tileLength_ / 8);
        pipe_.InitBuffer(flagBuf_, tileLength_ * sizeof(half));
        pipe_.InitBuffer(onesBuf_, tileLength_ * sizeof(half));
        if constexpr (!std::is_same<T, C>::value) {
            pipe_.InitBuffer(wideBuf_, tileLength_ * sizeof(float));
        }
        Duplicate(onesBuf_.Get<half>(), static_cast<half>(1.0f), static_cast<int32_t>(tileLength_));
        ZeroCompareSource();
    }

    __aicore__ inline void Process()
    {
        for (uint32_t done = 0; done < length_; done += tileLength_) {
            const uint32_t count = length_ - done < tileLength_ ? length_ - done : tileLength_;
            CopyIn(done, count);
            Compute(count);
            CopyOut(done, count);
        }
    }

private:
    // Compare runs over the count rounded up to ALIGN_ELEMS; the lanes past a short tile's end
    // must hold defined numbers. They are zeroed once here (later tiles leave earlier values
    // there, also defined); their results are never written out.
    __aicore__ inline void ZeroCompareSource()
    {
        if constexpr (std::is_same<T, C>::value) {
            LocalTensor<T> a = inQueue_.AllocTensor<T>();
            LocalTensor<T> b = inQueue_.AllocTensor<T>();
            Duplicate(a, static_cast<T>(0.0f), static_cast<int32_t>(tileLength_));
            Duplicate(b, static_cast<T>(0.0f), static_cast<int32_t>(tileLength_));
            inQueue_.FreeTensor(a);
            inQueue_.FreeTensor(b);
        } else {
            Duplicate(wideBuf_.Get<float>(), 0.0f, static_cast<int32_t>(tileLength_));
        }
    }

    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
        DataCopyPad(xLocal, xGm_[offset], DataCopyExtParams(1, count * sizeof(T), 0, 0, 0),
                    DataCopyPadExtParams<T>(false, 0, 0, 0));
        inQueue_.EnQue(xLocal);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        const uint32_t padded = (count + ALIGN_ELEMS - 1) / ALIGN_ELEMS * ALIGN_ELEMS;
        LocalTensor<T> xLocal = inQueue_.DeQue<T>();
        LocalTensor<uint8_t> bits = bitsBuf_.Get<uint8_t>();
        if constexpr (std::is_same<T, C>::value) {
            Compare(bits, xLocal, xLocal, CMPMODE::NE, padded);
        } else {
            LocalTensor<float> wide = wideBuf_.Get<float>();
            Cast(wide, xLocal, RoundMode::CAST_NONE, count);
            Compare(bits, wide, wide, CMPMODE::NE, padded);
        }
        inQueue_.FreeTensor(xLocal);

        LocalTensor<half> flags = flagBuf_.Get<half>();
        Select(flags, bits, onesBuf_.Get<half>(), static_cast<half>(0.0f), SELMODE::VSEL_TENSOR_SCALAR_MODE, padded);
        LocalTensor<uint8_t> yLocal = outQueue_.AllocTensor<uint8_t>();
        Cast(yLocal, flags, RoundMode::CAST_NONE, count);
        outQueue_.EnQue(yLocal);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        LocalTensor<uint8_t> yLocal = outQueue_.DeQue<uint8_t>();
        DataCopyPad(yGm_[offset], yLocal, DataCopyExtParams(1, count, 0, 0, 0));
        outQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<QuePosition::VECCALC> bitsBuf_, flagBuf_, onesBuf_, wideBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<uint8_t> yGm_;
    uint32_t length_ = 0;
    uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void is_nan_mask(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelIsNanMask<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
