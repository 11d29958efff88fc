#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t STREAMS = 4;
constexpr int32_t BUFFER_NUM = 2;

// One token at a time, D in tiles of `chunk` elements: the four streams and h_out of a tile come in
// together, are widened to float32 once, and each output stream j is h_post[j] * h_out plus the
// h_res[i][j]-weighted streams, rounded once to T. The token's 20 mixing weights are scalars read
// from GM before its tiles.
template <typename T>
class KernelMhcPost {
public:
    __aicore__ inline KernelMhcPost() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR hRes, GM_ADDR hOut, GM_ADDR hPost, GM_ADDR y,
                                const MhcPostTilingData& tiling)
    {
        hidden_ = tiling.hidden;
        chunk_ = tiling.chunk;
        const uint32_t block = GetBlockIdx();
        firstToken_ = block * tiling.tokensPerCore + (block < tiling.tailCores ? block : tiling.tailCores);
        tokens_ = tiling.tokensPerCore + (block < tiling.tailCores ? 1 : 0);
        xGm_.SetGlobalBuffer((__gm__ T*)x);
        hOutGm_.SetGlobalBuffer((__gm__ T*)hOut);
        yGm_.SetGlobalBuffer((__gm__ T*)y);
        hResGm_.SetGlobalBuffer((__gm__ float*)hRes);
        hPostGm_.SetGlobalBuffer((__gm__ float*)hPost);
        pipe_.InitBuffer(inQueue_, BUFFER_NUM, (STREAMS + 1) * chunk_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, chunk_ * sizeof(T));
        pipe_.InitBuffer(wide_, (STREAMS + 2) * chunk_ * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        for (uint32_t t = firstToken_; t < firstToken_ + tokens_; ++t) {
            for (int32_t k = 0; k < STREAMS * STREAMS; ++k) {
                mix_[k] = hResGm_.GetValue(t * STREAMS * STREAMS + k);
            }
            for (int32_t j = 0; j < STREAMS; ++j) {
                post_[j] = hPostGm_.GetValue(t * STREAMS + j);
            }
            for (uint32_t offset = 0; offset < hidden_; offset += chunk_) {
                CopyIn(t, offset);
                Compute(t, offset);
            }
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t token, uint32_t offset)
    {
        LocalTensor<T> in = inQueue_.AllocTensor<T>();
        for (int32_t i = 0; i < STREAMS; ++i) {
            DataCopy(in[i * chunk_], xGm_[(static_cast<uint64_t>(token) * STREAMS + i) * hidden_ + offset], chunk_);
        }
        DataCopy(in[STREAMS * chunk_], hOutGm_[static_cast<uint64_t>(token) * hidden_ + offset], chunk_);
        inQueue_.EnQue(in);
    }

    __aicore__ inline void Compute(uint32_t token, uint32_t offset)
    {
        LocalTensor<T> in = inQueue_.DeQue<T>();
        LocalTensor<float> wide = wide_.Get<float>();
        Cast(wide, in, RoundMode::CAST_NONE, (STREAMS + 1) * chunk_);  // four streams, then h_out
        inQueue_.FreeTensor(in);
        LocalTensor<float> acc = wide[(STREAMS + 1) * chunk_];
        for (int32_t j = 0; j < STREAMS; ++j) {
            Muls(acc, wide[STREAMS * chunk_], post_[j], chunk_);
            for (int32_t i = 0; i < STREAMS; ++i) {
                Axpy(acc, wide[i * chunk_], mix_[i * STREAMS + j], chunk_);
            }
            LocalTensor<T> out = outQueue_.AllocTensor<T>();
            Cast(out, acc, RoundMode::CAST_RINT, chunk_);
            outQueue_.EnQue(out);
            out = outQueue_.DeQue<T>();
            DataCopy(yGm_[(static_cast<uint64_t>(token) * STREAMS + j) * hidden_ + offset], out, chunk_);
            outQueue_.FreeTensor(out);
        }
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<QuePosition::VECCALC> wide_;
    GlobalTensor<T> xGm_, hOutGm_, yGm_;
    GlobalTensor<float> hResGm_, hPostGm_;
    float mix_[STREAMS * STREAMS];
    float post_[STREAMS];
    uint32_t hidden_ = 0;
    uint32_t chunk_ = 0;
    uint32_t firstToken_ = 0;
    uint32_t tokens_ = 0;
};

extern "C" __global__ __aicore__ void mhc_post(GM_ADDR x, GM_ADDR h_res, GM_ADDR h_out, GM_ADDR h_post, GM_ADDR y,
                                               GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelMhcPost<DTYPE_X> op;
    op.Init(x, h_res, h_out, h_post, y, tilingData);
    op.Process();
}
