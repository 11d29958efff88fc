// AdamStep: one torch.optim.Adam step, elementwise in float32:
//   m' = beta1 m + (1 - beta1) g,  v' = beta2 v + (1 - beta2) g^2,
//   p' = p - stepSize * m' / (sqrt(v') / sqrt(1 - beta2^t) + eps),  stepSize = lr / (1 - beta1^t).
// Each core streams its chunk through double-buffered tiles of the seven tensors; DataCopyPad moves
// exactly the tail's bytes. m' and v' are written straight into their float output tiles; with a
// float16 param the gradient and parameter are widened first and param_out is rounded once.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelAdamStep {
public:
    __aicore__ inline KernelAdamStep() {}
    __aicore__ inline void Init(GM_ADDR param, GM_ADDR grad, GM_ADDR m, GM_ADDR v, GM_ADDR paramOut, GM_ADDR mOut,
                                GM_ADDR vOut, const AdamStepTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        length_ = block + 1 == GetBlockNum() ? tiling.lastCoreLength : tiling.coreLength;
        tileLength_ = tiling.tileLength;
        beta1_ = tiling.beta1;
        oneMinusBeta1_ = tiling.oneMinusBeta1;
        beta2_ = tiling.beta2;
        oneMinusBeta2_ = tiling.oneMinusBeta2;
        eps_ = tiling.eps;
        invBiasCorrection2Sqrt_ = tiling.invBiasCorrection2Sqrt;
        negStepSize_ = tiling.negStepSize;
        const uint64_t offset = static_cast<uint64_t>(block) * tiling.coreLength;
        paramGm_.SetGlobalBuffer((__gm__ T*)param + offset, length_);
        gradGm_.SetGlobalBuffer((__gm__ T*)grad + offset, length_);
        mGm_.SetGlobalBuffer((__gm__ float*)m + offset, length_);
        vGm_.SetGlobalBuffer((__gm__ float*)v + offset, length_);
        paramOutGm_.SetGlobalBuffer((__gm__ T*)paramOut + offset, length_);
        mOutGm_.SetGlobalBuffer((__gm__ float*)mOut + offset, length_);
        vOutGm_.SetGlobalBuffer((__gm__ float*)vOut + offset, length_);

        pipe_.InitBuffer(paramQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(gradQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(mQueue_, BUFFER_NUM, tileLength_ * sizeof(float));
        pipe_.InitBuffer(vQueue_, BUFFER_NUM, tileLength_ * sizeof(float));
        pipe_.InitBuffer(paramOutQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(mOutQueue_, BUFFER_NUM, tileLength_ * sizeof(float));
        pipe_.InitBuffer(vOutQueue_, BUFFER_NUM, tileLength_ * sizeof(float));
        pipe_.InitBuffer(workBuf_, tileLength_ * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(paramFloatBuf_, tileLength_ * sizeof(float));
            pipe_.InitBuffer(gradFloatBuf_, tileLength_ * sizeof(float));
        }
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
    template <typename U>
    __aicore__ inline void Load(TQue<QuePosition::VECIN, BUFFER_NUM>& queue, const GlobalTensor<U>& source,
                                uint32_t offset, uint32_t count)
    {
        DataCopyExtParams params(1, count * sizeof(U), 0, 0, 0);
        DataCopyPadExtParams<U> pad(false, 0, 0, 0);
        LocalTensor<U> local = queue.template AllocTensor<U>();
        DataCopyPad(local, source[offset], params, pad);
        queue.EnQue(local);
    }

    template <typename U>
    __aicore__ inline void Store(TQue<QuePosition::VECOUT, BUFFER_NUM>& queue, const GlobalTensor<U>& target,
                                 uint32_t offset, uint32_t count)
    {
        DataCopyExtParams params(1, count * sizeof(U), 0, 0, 0);
        LocalTensor<U> local = queue.template DeQue<U>();
        DataCopyPad(target[offset], local, params);
        queue.FreeTensor(local);
    }

    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        Load(paramQueue_, paramGm_, offset, count);
        Load(gradQueue_, gradGm_, offset, count);
        Load(mQueue_, mGm_, offset, count);
        Load(vQueue_, vGm_, offset, count);
    }

    // mOut, vOut = the new moments; result = the new parameters, all float. work is overwritten.
    __aicore__ inline void Step(const LocalTensor<float>& result, const LocalTensor<float>& param,
                                const LocalTensor<float>& grad, const LocalTensor<float>& m,
                                const LocalTensor<float>& v, const LocalTensor<float>& mOut,
                                const LocalTensor<float>& vOut, uint32_t count)
    {
        LocalTensor<float> work = workBuf_.Get<float>();
        Muls(mOut, m, beta1_, count);
        Muls(work, grad, oneMinusBeta1_, count);
        Add(mOut, mOut, work, count);
        Mul(work, grad, grad, count);
        Muls(work, work, oneMinusBeta2_, count);
        Muls(vOut, v, beta2_, count);
        Add(vOut, vOut, work, count);
        Sqrt(work, vOut, count);
        Muls(work, work, invBiasCorrection2Sqrt_, count);
        Adds(work, work, eps_, count);
        Div(work, mOut, work, count);
        Muls(work, work, negStepSize_, count);
        Add(result, param, work, count);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> paramLocal = paramQueue_.DeQue<T>();
        LocalTensor<T> gradLocal = gradQueue_.DeQue<T>();
        LocalTensor<float> mLocal = mQueue_.DeQue<float>();
        LocalTensor<float> vLocal = vQueue_.DeQue<float>();
        LocalTensor<T> paramOut = paramOutQueue_.AllocTensor<T>();
        LocalTensor<float> mOut = mOutQueue_.AllocTensor<float>();
        LocalTensor<float> vOut = vOutQueue_.AllocTensor<float>();
        if constexpr (IsSameType<T, float>::value) {
            Step(paramOut, paramLocal, gradLocal, mLocal, vLocal, mOut, vOut, count);
        } else {
            LocalTensor<float> paramFloat = paramFloatBuf_.Get<float>();
            LocalTensor<float> gradFloat = gradFloatBuf_.Get<float>();
            Cast(paramFloat, paramLocal, RoundMode::CAST_NONE, count);
            Cast(gradFloat, gradLocal, RoundMode::CAST_NONE, count);
            Step(paramFloat, paramFloat, gradFloat, mLocal, vLocal, mOut, vOut, count);
            Cast(paramOut, paramFloat, RoundMode::CAST_RINT, count);
        }
        paramOutQueue_.EnQue(paramOut);
        mOutQueue_.EnQue(mOut);
        vOutQueue_.EnQue(vOut);
        paramQueue_.FreeTensor(paramLocal);
        gradQueue_.FreeTensor(gradLocal);
        mQueue_.FreeTensor(mLocal);
        vQueue_.FreeTensor(vLocal);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        Store(paramOutQueue_, paramOutGm_, offset, count);
        Store(mOutQueue_, mOutGm_, offset, count);
        Store(vOutQueue_, vOutGm_, offset, count);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> paramQueue_, gradQueue_, mQueue_, vQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> paramOutQueue_, mOutQueue_, vOutQueue_;
    TBuf<TPosition::VECCALC> workBuf_, paramFloatBuf_, gradFloatBuf_;
    GlobalTensor<T> paramGm_, gradGm_, paramOutGm_;
    GlobalTensor<float> mGm_, vGm_, mOutGm_, vOutGm_;
    uint32_t length_ = 0;
    uint32_t tileLength_ = 0;
    float beta1_ = 0.0f;
    float oneMinusBeta1_ = 0.0f;
    float beta2_ = 0.0f;
    float oneMinusBeta2_ = 0.0f;
    float eps_ = 0.0f;
    float invBiasCorrection2Sqrt_ = 0.0f;
    float negStepSize_ = 0.0f;
};

extern "C" __global__ __aicore__ void adam_step(GM_ADDR param, GM_ADDR grad, GM_ADDR m, GM_ADDR v, GM_ADDR param_out,
                                                GM_ADDR m_out, GM_ADDR v_out, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelAdamStep<DTYPE_PARAM> op;
    op.Init(param, grad, m, v, param_out, m_out, v_out, tilingData);
    op.Process();
}
