// ForeachClampMinScalar: ys[i] = max(xs[i], scalar[0]) for every tensor of the list.
// The bound is read from GM once per core. Each list is a tensor-list descriptor whose word 0 is the
// byte offset of its data-pointer array. A core owns a contiguous run of the list's 256-element
// units, which may end inside one tensor and go on in the next; it streams its part of each
// tensor through double-buffered UB tiles. float16 and float32 take Maxs in their own type (max
// against the bound rounded to float16 equals the float32 max rounded to float16, since rounding
// keeps order); bfloat16 is widened to float, clamped and rounded back to nearest even.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t UNIT_ELEMS = 256;

__aicore__ inline uint32_t MinU32(uint32_t a, uint32_t b) { return a < b ? a : b; }
__aicore__ inline uint32_t MaxU32(uint32_t a, uint32_t b) { return a > b ? a : b; }

// The data addresses of one DYNAMIC parameter's tensors.
class TensorListAddresses {
public:
    __aicore__ inline void Init(GM_ADDR descriptor)
    {
        words_.SetGlobalBuffer((__gm__ uint64_t*)descriptor);
        firstPointer_ = static_cast<uint32_t>(words_.GetValue(0) / sizeof(uint64_t));
    }

    __aicore__ inline GM_ADDR Data(uint32_t index) const
    {
        return reinterpret_cast<GM_ADDR>(words_.GetValue(firstPointer_ + index));
    }

private:
    GlobalTensor<uint64_t> words_;
    uint32_t firstPointer_ = 0;
};

template <typename T>
class KernelForeachClampMinScalar {
public:
    __aicore__ inline KernelForeachClampMinScalar() {}
    __aicore__ inline void Init(GM_ADDR xs, GM_ADDR scalar, GM_ADDR ys, const ForeachClampMinScalarTilingData& tiling)
    {
        tiling_ = &tiling;
        const uint32_t block = GetBlockIdx();
        unitBegin_ = block * tiling.unitsPerCore + MinU32(block, tiling.bigCoreNum);
        unitEnd_ = unitBegin_ + tiling.unitsPerCore + (block < tiling.bigCoreNum ? 1 : 0);
        tileLength_ = tiling.tileLength;
        xsList_.Init(xs);
        ysList_.Init(ys);
        GlobalTensor<float> scalarGm;
        scalarGm.SetGlobalBuffer((__gm__ float*)scalar, 1);
        bound_ = scalarGm.GetValue(0);

        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        if constexpr (std::is_same<T, bfloat16_t>::value) {
            pipe_.InitBuffer(wideBuf_, tileLength_ * sizeof(float));
        }
    }

    // Walks the list counting units and processes the part of each tensor that falls in this
    // core's run [unitBegin_, unitEnd_).
    __aicore__ inline void Process()
    {
        uint32_t unitBase = 0;
        for (uint32_t t = 0; t < tiling_->tensorNum && unitBase < unitEnd_; ++t) {
            const uint32_t length = tiling_->tensorLength[t];
            const uint32_t units = (length + UNIT_ELEMS - 1) / UNIT_ELEMS;
            const uint32_t lo = MaxU32(unitBase, unitBegin_);
            const uint32_t hi = MinU32(unitBase + units, unitEnd_);
            if (lo < hi) {
                const uint32_t begin = (lo - unitBase) * UNIT_ELEMS;
                const uint32_t end = MinU32((hi - unitBase) * UNIT_ELEMS, length);
                ClampPart(t, begin, end - begin);
            }
            unitBase += units;
        }
    }

private:
    __aicore__ inline void ClampPart(uint32_t index, uint32_t begin, uint32_t length)
    {
        xGm_.SetGlobalBuffer((__gm__ T*)xsList_.Data(index) + begin, length);
        yGm_.SetGlobalBuffer((__gm__ T*)ysList_.Data(index) + begin, length);
        for (uint32_t done = 0; done < length; done += tileLength_) {
            const uint32_t count = MinU32(tileLength_, length - done);
            CopyIn(done, count);
            Compute(count);
            CopyOut(done, count);
        }
    }

    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> in = inQueue_.AllocTensor<T>();
        DataCopyPad(in, xGm_[offset], DataCopyExtParams(1, count * sizeof(T), 0, 0, 0),
                    DataCopyPadExtParams<T>(false, 0, 0, 0));
        inQueue_.EnQue(in);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> in = inQueue_.DeQue<T>();
        LocalTensor<T> out = outQueue_.AllocTensor<T>();
        if constexpr (std::is_same<T, bfloat16_t>::value) {
            LocalTensor<float> wide = wideBuf_.Get<float>();
            Cast(wide, in, RoundMode::CAST_NONE, count);
            Maxs(wide, wide, bound_, static_cast<int32_t>(count));
            Cast(out, wide, RoundMode::CAST_RINT, count);
        } else {
            Maxs(out, in, static_cast<T>(bound_), static_cast<int32_t>(count));
        }
        outQueue_.EnQue(out);
        inQueue_.FreeTensor(in);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> out = outQueue_.DeQue<T>();
        DataCopyPad(yGm_[offset], out, DataCopyExtParams(1, count * sizeof(T), 0, 0, 0));
        outQueue_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TensorListAddresses xsList_, ysList_;
    GlobalTensor<T> xGm_, yGm_;
    const ForeachClampMinScalarTilingData* tiling_ = nullptr;
    uint32_t unitBegin_ = 0;
    uint32_t unitEnd_ = 0;
    uint32_t tileLength_ = 0;
    float bound_ = 0.0f;
};

extern "C" __global__ __aicore__ void foreach_clamp_min_scalar(GM_ADDR xs, GM_ADDR scalar, GM_ADDR ys, GM_ADDR workspace,
                                                               GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelForeachClampMinScalar<DTYPE_XS> op;
    op.Init(xs, scalar, ys, tilingData);
    op.Process();
}
