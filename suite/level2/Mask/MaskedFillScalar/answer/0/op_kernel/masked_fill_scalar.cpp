// MaskedFillScalar: y = mask ? value[0] : x, elementwise.
// Every core reads the fill value from GM once with a scalar load. Per tile, the mask bytes are
// widened to half (Cast uint8 -> half), CompareScalar with 0 (EQ) turns them into one bit per
// element that is set where the mask is false, and Select keeps x under a set bit and takes the
// value elsewhere. Compare and Select run over the count rounded up to 256 elements; the extra
// lanes hold defined data (cleared once, later earlier tiles' values) and are never written out.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t ALIGN_ELEMS = 256;

template <typename T>
class KernelMaskedFillScalar {
public:
    __aicore__ inline KernelMaskedFillScalar() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR mask, GM_ADDR value, GM_ADDR y, const MaskedFillScalarTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        const uint64_t start = static_cast<uint64_t>(block) * tiling.coreLength;
        length_ = block + 1 == GetBlockNum() ? tiling.lastCoreLength : tiling.coreLength;
        tileLength_ = tiling.tileLength;
        xGm_.SetGlobalBuffer((__gm__ T*)x + start, length_);
        maskGm_.SetGlobalBuffer((__gm__ uint8_t*)mask + start, length_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + start, length_);
        GlobalTensor<T> valueGm;
        valueGm.SetGlobalBuffer((__gm__ T*)value, 1);
        value_ = valueGm.GetValue(0);

        pipe_.InitBuffer(xQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(maskQueue_, BUFFER_NUM, tileLength_ * sizeof(uint8_t));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(maskHalfBuf_, tileLength_ * sizeof(half));
        pipe_.InitBuffer(bitsBuf_, tileLength_ / 8);
        ClearInputTiles();
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
    __aicore__ inline void ClearInputTiles()
    {
        for (int32_t i = 0; i < BUFFER_NUM; ++i) {
            LocalTensor<T> xs = xQueue_.AllocTensor<T>();
            Duplicate(xs, static_cast<T>(0.0f), static_cast<int32_t>(tileLength_));
            xQueue_.FreeTensor(xs);
        }
        // uint8 has no Duplicate: clear the mask tiles as half words.
        for (int32_t i = 0; i < BUFFER_NUM; ++i) {
            LocalTensor<uint8_t> ms = maskQueue_.AllocTensor<uint8_t>();
            Duplicate(ms.template ReinterpretCast<half>(), static_cast<half>(0.0f), static_cast<int32_t>(tileLength_ / 2));
            maskQueue_.FreeTensor(ms);
        }
    }

    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> xs = xQueue_.AllocTensor<T>();
        DataCopyPad(xs, xGm_[offset], DataCopyExtParams(1, count * sizeof(T), 0, 0, 0), DataCopyPadExtParams<T>(false, 0, 0, 0));
        xQueue_.EnQue(xs);
        LocalTensor<uint8_t> ms = maskQueue_.AllocTensor<uint8_t>();
        DataCopyPad(ms, maskGm_[offset], DataCopyExtParams(1, count, 0, 0, 0), DataCopyPadExtParams<uint8_t>(false, 0, 0, 0));
        maskQueue_.EnQue(ms);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        const uint32_t lanes = (count + ALIGN_ELEMS - 1) / ALIGN_ELEMS * ALIGN_ELEMS;
        LocalTensor<T> xs = xQueue_.DeQue<T>();
        LocalTensor<uint8_t> ms = maskQueue_.DeQue<uint8_t>();
        LocalTensor<half> wide = maskHalfBuf_.Get<half>();
        Cast(wide, ms, RoundMode::CAST_NONE, lanes);
        maskQueue_.FreeTensor(ms);
        LocalTensor<uint8_t> keep = bitsBuf_.Get<uint8_t>();
        CompareScalar(keep, wide, static_cast<half>(0.0f), CMPMODE::EQ, lanes);
        LocalTensor<T> out = outQueue_.AllocTensor<T>();
        Select(out, keep, xs, value_, SELMODE::VSEL_TENSOR_SCALAR_MODE, lanes);
        outQueue_.EnQue(out);
        xQueue_.FreeTensor(xs);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> out = outQueue_.DeQue<T>();
        DataCopyPad(yGm_[offset], out, DataCopyExtParams(1, count * sizeof(T), 0, 0, 0));
        outQueue_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> xQueue_, maskQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> maskHalfBuf_, bitsBuf_;
    GlobalTensor<T> xGm_, yGm_;
    GlobalTensor<uint8_t> maskGm_;
    T value_;
    uint32_t length_ = 0;
    uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void masked_fill_scalar(GM_ADDR x, GM_ADDR mask, GM_ADDR value, GM_ADDR y,
                                                         GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelMaskedFillScalar<DTYPE_X> op;
    op.Init(x, mask, value, y, tilingData);
    op.Process();
}
