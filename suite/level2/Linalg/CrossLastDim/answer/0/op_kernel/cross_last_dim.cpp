// CrossLastDim: y = a x b for the 3-vectors along the last dimension. With j = 3t + c the flat
// index of component c of vector t, write next(j) = 3t + (c+1)%3 and prev(j) = 3t + (c+2)%3; then
// every component is the same expression,
//     y[j] = a[next(j)] * b[prev(j)] - a[prev(j)] * b[next(j)],
// so the interleaved layout is kept as it is: four Gathers through two offset tables (built once
// per core) line the factors up, and a Mul, a Mul and a Sub finish a whole tile in float. Each
// core streams its whole vectors through double-buffered tiles; DataCopyPad moves exactly the
// tail's bytes. Half inputs are widened once and the result rounded once.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t SEED_LENGTH = 24;  // whole vectors in whole 32-byte blocks of offsets

template <typename T>
class KernelCrossLastDim {
public:
    __aicore__ inline KernelCrossLastDim() {}
    __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR y, const CrossLastDimTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        tileLength_ = tiling.tileLength;
        length_ = 3 * (tiling.vectorsPerCore + (block < tiling.tailCores ? 1 : 0));
        const uint64_t offset =
            3ULL * (static_cast<uint64_t>(block) * tiling.vectorsPerCore + (block < tiling.tailCores ? block : tiling.tailCores));
        aGm_.SetGlobalBuffer((__gm__ T*)a + offset, length_);
        bGm_.SetGlobalBuffer((__gm__ T*)b + offset, length_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + offset, length_);

        pipe_.InitBuffer(aQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(bQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(yQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(nextBuf_, tileLength_ * sizeof(uint32_t));
        pipe_.InitBuffer(prevBuf_, tileLength_ * sizeof(uint32_t));
        pipe_.InitBuffer(leftBuf_, tileLength_ * sizeof(float));
        pipe_.InitBuffer(rightBuf_, tileLength_ * sizeof(float));
        pipe_.InitBuffer(factorBuf_, tileLength_ * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(aFloatBuf_, tileLength_ * sizeof(float));
            pipe_.InitBuffer(bFloatBuf_, tileLength_ * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        if (length_ == 0) {
            return;
        }
        BuildTables();
        for (uint32_t done = 0; done < length_; done += tileLength_) {
            const uint32_t count = length_ - done < tileLength_ ? length_ - done : tileLength_;
            CopyIn(done, count);
            Compute(count);
            CopyOut(done, count);
        }
    }

private:
    // next[j] and prev[j] as float byte offsets. The first 24 entries are written by the scalar
    // unit; since the pattern repeats every 3 entries, entries [k, 2k) are entries [0, k) plus
    // k * 4 bytes, which doubles the built part with one Adds per table.
    __aicore__ inline void BuildTables()
    {
        LocalTensor<int32_t> next = nextBuf_.Get<int32_t>();
        LocalTensor<int32_t> prev = prevBuf_.Get<int32_t>();
        const uint32_t seed = tileLength_ < SEED_LENGTH ? tileLength_ : SEED_LENGTH;
        for (uint32_t j = 0; j < seed; ++j) {
            const uint32_t first = j - j % 3;
            next.SetValue(j, static_cast<int32_t>((first + (j % 3 + 1) % 3) * sizeof(float)));
            prev.SetValue(j, static_cast<int32_t>((first + (j % 3 + 2) % 3) * sizeof(float)));
        }
        event_t written = static_cast<event_t>(GetTPipePtr()->FetchEventID<HardEvent::S_V>());
        SetFlag<HardEvent::S_V>(written);
        WaitFlag<HardEvent::S_V>(written);
        for (uint32_t built = seed; built < tileLength_; built *= 2) {
            const uint32_t copies = tileLength_ - built < built ? tileLength_ - built : built;
            const int32_t shift = static_cast<int32_t>(built * sizeof(float));
            Adds(next[built], next, shift, copies);
            Adds(prev[built], prev, shift, copies);
        }
    }

    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        LocalTensor<T> aLocal = aQueue_.AllocTensor<T>();
        DataCopyPad(aLocal, aGm_[offset], params, pad);
        aQueue_.EnQue(aLocal);
        LocalTensor<T> bLocal = bQueue_.AllocTensor<T>();
        DataCopyPad(bLocal, bGm_[offset], params, pad);
        bQueue_.EnQue(bLocal);
    }

    // result = a[next] * b[prev] - a[prev] * b[next], all in float.
    __aicore__ inline void Cross(const LocalTensor<float>& result, const LocalTensor<float>& a,
                                 const LocalTensor<float>& b, uint32_t count)
    {
        LocalTensor<uint32_t> next = nextBuf_.Get<uint32_t>();
        LocalTensor<uint32_t> prev = prevBuf_.Get<uint32_t>();
        LocalTensor<float> left = leftBuf_.Get<float>();
        LocalTensor<float> right = rightBuf_.Get<float>();
        LocalTensor<float> factor = factorBuf_.Get<float>();
        Gather(left, a, next, 0, count);
        Gather(factor, b, prev, 0, count);
        Mul(left, left, factor, count);
        Gather(right, a, prev, 0, count);
        Gather(factor, b, next, 0, count);
        Mul(right, right, factor, count);
        Sub(result, left, right, count);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> aLocal = aQueue_.DeQue<T>();
        LocalTensor<T> bLocal = bQueue_.DeQue<T>();
        LocalTensor<T> yLocal = yQueue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            Cross(yLocal, aLocal, bLocal, count);
        } else {
            LocalTensor<float> aFloat = aFloatBuf_.Get<float>();
            LocalTensor<float> bFloat = bFloatBuf_.Get<float>();
            Cast(aFloat, aLocal, RoundMode::CAST_NONE, count);
            Cast(bFloat, bLocal, RoundMode::CAST_NONE, count);
            Cross(aFloat, aFloat, bFloat, count);  // the result may overwrite a: it is read before
            Cast(yLocal, aFloat, RoundMode::CAST_RINT, count);
        }
        yQueue_.EnQue(yLocal);
        aQueue_.FreeTensor(aLocal);
        bQueue_.FreeTensor(bLocal);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> yLocal = yQueue_.DeQue<T>();
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPad(yGm_[offset], yLocal, params);
        yQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> aQueue_, bQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> yQueue_;
    TBuf<TPosition::VECCALC> nextBuf_, prevBuf_, leftBuf_, rightBuf_, factorBuf_, aFloatBuf_, bFloatBuf_;
    GlobalTensor<T> aGm_, bGm_, yGm_;
    uint32_t length_ = 0;
    uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void cross_last_dim(GM_ADDR a, GM_ADDR b, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelCrossLastDim<DTYPE_A> op;
    op.Init(a, b, y, tilingData);
    op.Process();
}
