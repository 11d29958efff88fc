// GELU (tanh approximation) as x * sigmoid(2u) = x / (1 + exp(-2u)), u = sqrt(2/pi) (x + 0.044715 x^3),
// which equals x/2 (1 + tanh(u)) and needs only Exp and Div. Each core streams its contiguous chunk
// through double-buffered UB tiles; fp16/bf16 are computed in float.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr float NEG_TWO_SQRT_2_OVER_PI = -1.5957691216057308f;
constexpr float CUBIC_COEFF = 0.044715f;

template <typename T>
class KernelGelu {
public:
    __aicore__ inline KernelGelu() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const GeluTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        length_ = block + 1 == GetBlockNum() ? tiling.lastCoreLength : tiling.coreLength;
        tileLength_ = tiling.tileLength;
        const uint64_t offset = static_cast<uint64_t>(block) * tiling.coreLength;
        xGm_.SetGlobalBuffer((__gm__ T*)x + offset, length_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + offset, length_);
        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(tmpBuf_, tileLength_ * sizeof(float));
        pipe_.InitBuffer(floatBuf_, tileLength_ * sizeof(float));
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
    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        DataCopyPad(xLocal, xGm_[offset], params, pad);
        inQueue_.EnQue(xLocal);
    }

    // y = x / (1 + exp(-2 sqrt(2/pi) (x + 0.044715 x^3))), all in float.
    __aicore__ inline void GeluFloat(const LocalTensor<float>& y, const LocalTensor<float>& x, uint32_t count)
    {
        LocalTensor<float> t = tmpBuf_.Get<float>();
        Mul(t, x, x, count);
        Muls(t, t, CUBIC_COEFF, count);
        Adds(t, t, 1.0f, count);
        Mul(t, t, x, count);
        Muls(t, t, NEG_TWO_SQRT_2_OVER_PI, count);
        Exp(t, t, count);
        Adds(t, t, 1.0f, count);
        Div(y, x, t, count);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.DeQue<T>();
        LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            GeluFloat(yLocal, xLocal, count);
        } else {
            LocalTensor<float> xFloat = floatBuf_.Get<float>();
            Cast(xFloat, xLocal, RoundMode::CAST_NONE, count);
            GeluFloat(xFloat, xFloat, count);
            Cast(yLocal, xFloat, RoundMode::CAST_RINT, count);
        }
        outQueue_.EnQue(yLocal);
        inQueue_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> yLocal = outQueue_.DeQue<T>();
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPad(yGm_[offset], yLocal, params);
        outQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> tmpBuf_;
    TBuf<TPosition::VECCALC> floatBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint32_t length_ = 0;
    uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void gelu(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelGelu<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
