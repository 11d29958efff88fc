#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t STREAMS = 4;
constexpr int32_t SEGMENTS = 2 * STREAMS + 1;  // dy's streams, x's streams, h_out
constexpr int32_t BUFFER_NUM = 2;
constexpr int32_t FLOAT_BLOCK = 8;             // floats per 32-byte block

// One token at a time, D in tiles of `chunk` elements. A tile of dy, x and h_out comes in together
// and is widened to float32 once. grad_x's streams and grad_h_out are weighted sums of dy's streams,
// rounded once to T; the 20 weight gradients are dot products, summed tile by tile in float32
// scalars and written once the token's last tile is done.
template <typename T>
class KernelMhcPostGrad {
public:
    __aicore__ inline KernelMhcPostGrad() {}
    __aicore__ inline void Init(GM_ADDR dy, GM_ADDR x, GM_ADDR hRes, GM_ADDR hOut, GM_ADDR hPost, GM_ADDR gradX,
                                GM_ADDR gradHRes, GM_ADDR gradHOut, GM_ADDR gradHPost,
                                const MhcPostGradTilingData& tiling)
    {
        hidden_ = tiling.hidden;
        chunk_ = tiling.chunk;
        const uint32_t block = GetBlockIdx();
        firstToken_ = block * tiling.tokensPerCore + (block < tiling.tailCores ? block : tiling.tailCores);
        tokens_ = tiling.tokensPerCore + (block < tiling.tailCores ? 1 : 0);
        dyGm_.SetGlobalBuffer((__gm__ T*)dy);
        xGm_.SetGlobalBuffer((__gm__ T*)x);
        hOutGm_.SetGlobalBuffer((__gm__ T*)hOut);
        gradXGm_.SetGlobalBuffer((__gm__ T*)gradX);
        gradHOutGm_.SetGlobalBuffer((__gm__ T*)gradHOut);
        hResGm_.SetGlobalBuffer((__gm__ float*)hRes);
        hPostGm_.SetGlobalBuffer((__gm__ float*)hPost);
        gradHResGm_.SetGlobalBuffer((__gm__ float*)gradHRes);
        gradHPostGm_.SetGlobalBuffer((__gm__ float*)gradHPost);
        pipe_.InitBuffer(inQueue_, BUFFER_NUM, SEGMENTS * chunk_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, chunk_ * sizeof(T));
        pipe_.InitBuffer(wide_, (SEGMENTS + 3) * chunk_ * sizeof(float));  // inputs, acc, product, work
        pipe_.InitBuffer(sums_, 2 * 32 * sizeof(float));                   // a ReduceSum result; the weight grads
    }

    __aicore__ inline void Process()
    {
        for (uint32_t t = firstToken_; t < firstToken_ + tokens_; ++t) {
            for (int32_t k = 0; k < STREAMS * STREAMS; ++k) {
                mix_[k] = hResGm_.GetValue(t * STREAMS * STREAMS + k);
                gradMix_[k] = 0.0f;
            }
            for (int32_t j = 0; j < STREAMS; ++j) {
                post_[j] = hPostGm_.GetValue(t * STREAMS + j);
                gradPost_[j] = 0.0f;
            }
            for (uint32_t offset = 0; offset < hidden_; offset += chunk_) {
                CopyIn(t, offset);
                Compute(t, offset);
            }
            WriteWeightGradients(t);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t token, uint32_t offset)
    {
        LocalTensor<T> in = inQueue_.AllocTensor<T>();
        for (int32_t i = 0; i < STREAMS; ++i) {
            const uint64_t stream = (static_cast<uint64_t>(token) * STREAMS + i) * hidden_ + offset;
            DataCopy(in[i * chunk_], dyGm_[stream], chunk_);
            DataCopy(in[(STREAMS + i) * chunk_], xGm_[stream], chunk_);
        }
        DataCopy(in[2 * STREAMS * chunk_], hOutGm_[static_cast<uint64_t>(token) * hidden_ + offset], chunk_);
        inQueue_.EnQue(in);
    }

    // dst = sum over j of weights[first + j * stride] * dy[j].
    __aicore__ inline void WeightedSum(const LocalTensor<float>& dst, const LocalTensor<float>& wide,
                                       const float* weights, int32_t first, int32_t stride)
    {
        Muls(dst, wide, weights[first], chunk_);
        for (int32_t j = 1; j < STREAMS; ++j) {
            Axpy(dst, wide[j * chunk_], weights[j * stride + first], chunk_);
        }
    }

    __aicore__ inline void Store(const LocalTensor<float>& acc, const GlobalTensor<T>& gm, uint64_t at)
    {
        LocalTensor<T> out = outQueue_.AllocTensor<T>();
        Cast(out, acc, RoundMode::CAST_RINT, chunk_);
        outQueue_.EnQue(out);
        out = outQueue_.DeQue<T>();
        DataCopy(gm[at], out, chunk_);
        outQueue_.FreeTensor(out);
    }

    __aicore__ inline float Dot(const LocalTensor<float>& a, const LocalTensor<float>& b,
                                const LocalTensor<float>& product, const LocalTensor<float>& work)
    {
        LocalTensor<float> sum = sums_.Get<float>();
        Mul(product, a, b, chunk_);
        ReduceSum(sum, product, work, chunk_);
        return sum.GetValue(0);
    }

    __aicore__ inline void Compute(uint32_t token, uint32_t offset)
    {
        LocalTensor<T> in = inQueue_.DeQue<T>();
        LocalTensor<float> wide = wide_.Get<float>();
        Cast(wide, in, RoundMode::CAST_NONE, SEGMENTS * chunk_);
        inQueue_.FreeTensor(in);
        LocalTensor<float> x = wide[STREAMS * chunk_];
        LocalTensor<float> hOut = wide[2 * STREAMS * chunk_];
        LocalTensor<float> acc = wide[SEGMENTS * chunk_];
        LocalTensor<float> product = wide[(SEGMENTS + 1) * chunk_];
        LocalTensor<float> work = wide[(SEGMENTS + 2) * chunk_];
        for (int32_t i = 0; i < STREAMS; ++i) {
            WeightedSum(acc, wide, mix_, i * STREAMS, 1);  // h_res[i][j] * dy[j]
            Store(acc, gradXGm_, (static_cast<uint64_t>(token) * STREAMS + i) * hidden_ + offset);
        }
        WeightedSum(acc, wide, post_, 0, 1);
        Store(acc, gradHOutGm_, static_cast<uint64_t>(token) * hidden_ + offset);
        for (int32_t i = 0; i < STREAMS; ++i) {
            for (int32_t j = 0; j < STREAMS; ++j) {
                gradMix_[i * STREAMS + j] += Dot(x[i * chunk_], wide[j * chunk_], product, work);
            }
        }
        for (int32_t j = 0; j < STREAMS; ++j) {
            gradPost_[j] += Dot(wide[j * chunk_], hOut, product, work);
        }
    }

    __aicore__ inline void WriteWeightGradients(uint32_t token)
    {
        LocalTensor<float> grads = sums_.Get<float>()[32];
        for (int32_t k = 0; k < STREAMS * STREAMS; ++k) {
            grads.SetValue(k, gradMix_[k]);
        }
        for (int32_t j = 0; j < STREAMS; ++j) {
            grads.SetValue(STREAMS * STREAMS + FLOAT_BLOCK + j, gradPost_[j]);  // its own 32-byte block
        }
        DataCopy(gradHResGm_[static_cast<uint64_t>(token) * STREAMS * STREAMS], grads, STREAMS * STREAMS);
        DataCopyExtParams params{1, STREAMS * sizeof(float), 0, 0, 0};
        DataCopyPad(gradHPostGm_[static_cast<uint64_t>(token) * STREAMS], grads[STREAMS * STREAMS + FLOAT_BLOCK],
                    params);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<QuePosition::VECCALC> wide_;
    TBuf<QuePosition::VECCALC> sums_;
    GlobalTensor<T> dyGm_, xGm_, hOutGm_, gradXGm_, gradHOutGm_;
    GlobalTensor<float> hResGm_, hPostGm_, gradHResGm_, gradHPostGm_;
    float mix_[STREAMS * STREAMS];
    float post_[STREAMS];
    float gradMix_[STREAMS * STREAMS];
    float gradPost_[STREAMS];
    uint32_t hidden_ = 0;
    uint32_t chunk_ = 0;
    uint32_t firstToken_ = 0;
    uint32_t tokens_ = 0;
};

extern "C" __global__ __aicore__ void mhc_post_grad(GM_ADDR dy, GM_ADDR x, GM_ADDR h_res, GM_ADDR h_out, GM_ADDR h_post,
                                                    GM_ADDR grad_x, GM_ADDR grad_h_res, GM_ADDR grad_h_out,
                                                    GM_ADDR grad_h_post, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelMhcPostGrad<DTYPE_X> op;
    op.Init(dy, x, h_res, h_out, h_post, grad_x, grad_h_res, grad_h_out, grad_h_post, tilingData);
    op.Process();
}
