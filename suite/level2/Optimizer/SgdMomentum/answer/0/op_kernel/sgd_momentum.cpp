// SgdMomentum: velocity_out = momentum * velocity + grad, param_out = param - lr * velocity_out.
// Each core streams its chunk through double-buffered tiles; DataCopyPad moves exactly the tail's
// bytes, so no element count needs padding. float is computed in place in the queue buffers;
// fp16/bf16 are widened to float, and param_out is taken from the float velocity_out, so each
// output is rounded once (CAST_RINT), as the float32 reference is.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelSgdMomentum {
public:
    __aicore__ inline KernelSgdMomentum() {}
    __aicore__ inline void Init(GM_ADDR param, GM_ADDR grad, GM_ADDR velocity, GM_ADDR paramOut, GM_ADDR velocityOut,
                                const SgdMomentumTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        length_ = block + 1 == GetBlockNum() ? tiling.lastCoreLength : tiling.coreLength;
        tileLength_ = tiling.tileLength;
        lr_ = tiling.lr;
        momentum_ = tiling.momentum;
        const uint64_t offset = static_cast<uint64_t>(block) * tiling.coreLength;
        paramGm_.SetGlobalBuffer((__gm__ T*)param + offset, length_);
        gradGm_.SetGlobalBuffer((__gm__ T*)grad + offset, length_);
        velocityGm_.SetGlobalBuffer((__gm__ T*)velocity + offset, length_);
        paramOutGm_.SetGlobalBuffer((__gm__ T*)paramOut + offset, length_);
        velocityOutGm_.SetGlobalBuffer((__gm__ T*)velocityOut + offset, length_);

        pipe_.InitBuffer(paramQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(gradQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(velocityQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(paramOutQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(velocityOutQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(paramFloatBuf_, tileLength_ * sizeof(float));
            pipe_.InitBuffer(gradFloatBuf_, tileLength_ * sizeof(float));
            pipe_.InitBuffer(velocityFloatBuf_, tileLength_ * sizeof(float));
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
    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        LocalTensor<T> paramLocal = paramQueue_.AllocTensor<T>();
        DataCopyPad(paramLocal, paramGm_[offset], params, pad);
        paramQueue_.EnQue(paramLocal);
        LocalTensor<T> gradLocal = gradQueue_.AllocTensor<T>();
        DataCopyPad(gradLocal, gradGm_[offset], params, pad);
        gradQueue_.EnQue(gradLocal);
        LocalTensor<T> velocityLocal = velocityQueue_.AllocTensor<T>();
        DataCopyPad(velocityLocal, velocityGm_[offset], params, pad);
        velocityQueue_.EnQue(velocityLocal);
    }

    // The step in float. velocity becomes velocity_out and param becomes param_out; grad is
    // overwritten with lr * velocity_out, so no extra buffer is needed.
    __aicore__ inline void Step(const LocalTensor<float>& param, const LocalTensor<float>& grad,
                                const LocalTensor<float>& velocity, uint32_t count)
    {
        Muls(velocity, velocity, momentum_, count);
        Add(velocity, velocity, grad, count);
        Muls(grad, velocity, lr_, count);
        Sub(param, param, grad, count);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> paramLocal = paramQueue_.DeQue<T>();
        LocalTensor<T> gradLocal = gradQueue_.DeQue<T>();
        LocalTensor<T> velocityLocal = velocityQueue_.DeQue<T>();
        LocalTensor<T> paramOut = paramOutQueue_.AllocTensor<T>();
        LocalTensor<T> velocityOut = velocityOutQueue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            // Write the results straight into the output tiles: velocityOut first, as param_out needs it.
            Muls(velocityOut, velocityLocal, momentum_, count);
            Add(velocityOut, velocityOut, gradLocal, count);
            Muls(gradLocal, velocityOut, lr_, count);
            Sub(paramOut, paramLocal, gradLocal, count);
        } else {
            LocalTensor<float> paramFloat = paramFloatBuf_.Get<float>();
            LocalTensor<float> gradFloat = gradFloatBuf_.Get<float>();
            LocalTensor<float> velocityFloat = velocityFloatBuf_.Get<float>();
            Cast(paramFloat, paramLocal, RoundMode::CAST_NONE, count);
            Cast(gradFloat, gradLocal, RoundMode::CAST_NONE, count);
            Cast(velocityFloat, velocityLocal, RoundMode::CAST_NONE, count);
            Step(paramFloat, gradFloat, velocityFloat, count);
            Cast(velocityOut, velocityFloat, RoundMode::CAST_RINT, count);
            Cast(paramOut, paramFloat, RoundMode::CAST_RINT, count);
        }
        paramOutQueue_.EnQue(paramOut);
        velocityOutQueue_.EnQue(velocityOut);
        paramQueue_.FreeTensor(paramLocal);
        gradQueue_.FreeTensor(gradLocal);
        velocityQueue_.FreeTensor(velocityLocal);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        LocalTensor<T> paramOut = paramOutQueue_.DeQue<T>();
        DataCopyPad(paramOutGm_[offset], paramOut, params);
        paramOutQueue_.FreeTensor(paramOut);
        LocalTensor<T> velocityOut = velocityOutQueue_.DeQue<T>();
        DataCopyPad(velocityOutGm_[offset], velocityOut, params);
        velocityOutQueue_.FreeTensor(velocityOut);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> paramQueue_, gradQueue_, velocityQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> paramOutQueue_, velocityOutQueue_;
    TBuf<TPosition::VECCALC> paramFloatBuf_, gradFloatBuf_, velocityFloatBuf_;
    GlobalTensor<T> paramGm_, gradGm_, velocityGm_, paramOutGm_, velocityOutGm_;
    uint32_t length_ = 0;
    uint32_t tileLength_ = 0;
    float lr_ = 0.0f;
    float momentum_ = 0.0f;
};

extern "C" __global__ __aicore__ void sgd_momentum(GM_ADDR param, GM_ADDR grad, GM_ADDR velocity, GM_ADDR param_out,
                                                   GM_ADDR velocity_out, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelSgdMomentum<DTYPE_PARAM> op;
    op.Init(param, grad, velocity, param_out, velocity_out, tilingData);
    op.Process();
}
