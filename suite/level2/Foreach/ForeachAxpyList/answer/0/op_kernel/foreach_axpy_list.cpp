// ForeachAxpyList: out[i] = x[i] + alpha * y[i] for every tensor i of the lists x and y.
// Each list arrives as one ListTensorDesc block in GM; its data-pointer array gives every tensor's
// address. The tiling cuts each tensor into 256-element units and gives every core a contiguous run
// of units, which may cover the end of one tensor and the start of the next. A core streams its part
// of each tensor through UB in double-buffered tiles. float is computed directly; float16 and bfloat16
// are widened to float, computed and rounded once to nearest-even.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;     // double buffering: copy-in of tile i+1 overlaps compute of tile i
constexpr uint32_t UNIT_ELEMS = 256;  // the tiling's split unit

__aicore__ inline uint32_t MinU32(uint32_t a, uint32_t b) { return a < b ? a : b; }
__aicore__ inline uint32_t MaxU32(uint32_t a, uint32_t b) { return a > b ? a : b; }

// The tensors of one DYNAMIC parameter: word 0 of its ListTensorDesc block is the byte offset of the
// data-pointer array, which holds one GM address per tensor.
template <typename T>
class GmTensorList {
public:
    __aicore__ inline void Init(GM_ADDR desc)
    {
        descGm.SetGlobalBuffer((__gm__ uint64_t*)desc);
        pointerWord = descGm.GetValue(0) / sizeof(uint64_t);
    }

    __aicore__ inline __gm__ T* Tensor(uint32_t index) const
    {
        return reinterpret_cast<__gm__ T*>(descGm.GetValue(pointerWord + index));
    }

private:
    GlobalTensor<uint64_t> descGm;
    uint64_t pointerWord = 0;
};

template <typename T>
class KernelForeachAxpyList {
public:
    __aicore__ inline KernelForeachAxpyList() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR out, const ForeachAxpyListTilingData& tiling)
    {
        this->tiling = &tiling;
        const uint32_t blockIdx = GetBlockIdx();
        const uint32_t extraBefore = MinU32(blockIdx, tiling.bigCoreNum);
        firstUnit = blockIdx * tiling.unitsPerCore + extraBefore;
        endUnit = firstUnit + tiling.unitsPerCore + (blockIdx < tiling.bigCoreNum ? 1 : 0);
        tileLength = tiling.tileLength;
        alpha = tiling.alpha;
        xList.Init(x);
        yList.Init(y);
        outList.Init(out);
        pipe.InitBuffer(inQueueX, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(inQueueY, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(outQueue, BUFFER_NUM, tileLength * sizeof(T));
        if constexpr (!std::is_same_v<T, float>) {
            pipe.InitBuffer(floatBufX, tileLength * sizeof(float));
            pipe.InitBuffer(floatBufY, tileLength * sizeof(float));
        }
    }

    // Walks the tensors in list order, counting units, and processes the part of each tensor whose
    // units fall in [firstUnit, endUnit).
    __aicore__ inline void Process()
    {
        uint32_t unitBase = 0;
        for (uint32_t t = 0; t < tiling->tensorNum && unitBase < endUnit; ++t) {
            const uint32_t length = tiling->tensorLength[t];
            const uint32_t units = (length + UNIT_ELEMS - 1) / UNIT_ELEMS;
            const uint32_t lo = MaxU32(unitBase, firstUnit);
            const uint32_t hi = MinU32(unitBase + units, endUnit);
            if (lo < hi) {
                const uint32_t start = (lo - unitBase) * UNIT_ELEMS;
                const uint32_t stop = MinU32((hi - unitBase) * UNIT_ELEMS, length);
                ProcessTensor(t, start, stop - start);
            }
            unitBase += units;
        }
    }

private:
    __aicore__ inline void ProcessTensor(uint32_t index, uint32_t start, uint32_t length)
    {
        xGm.SetGlobalBuffer(xList.Tensor(index) + start, length);
        yGm.SetGlobalBuffer(yList.Tensor(index) + start, length);
        outGm.SetGlobalBuffer(outList.Tensor(index) + start, length);
        for (uint32_t offset = 0; offset < length; offset += tileLength) {
            const uint32_t count = MinU32(tileLength, length - offset);
            CopyIn(offset, count);
            Compute(count);
            CopyOut(offset, count);
        }
    }

    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        // DataCopyPad moves exactly count elements, so tails that are not 32-byte multiples need no padding.
        const DataCopyExtParams copyParams{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        const DataCopyPadExtParams<T> padParams{false, 0, 0, 0};
        LocalTensor<T> xLocal = inQueueX.AllocTensor<T>();
        DataCopyPad(xLocal, xGm[offset], copyParams, padParams);
        inQueueX.EnQue(xLocal);
        LocalTensor<T> yLocal = inQueueY.AllocTensor<T>();
        DataCopyPad(yLocal, yGm[offset], copyParams, padParams);
        inQueueY.EnQue(yLocal);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> xLocal = inQueueX.DeQue<T>();
        LocalTensor<T> yLocal = inQueueY.DeQue<T>();
        LocalTensor<T> outLocal = outQueue.AllocTensor<T>();
        if constexpr (std::is_same_v<T, float>) {
            ComputeFloat(outLocal, xLocal, yLocal, count);
        } else {
            LocalTensor<float> xFloat = floatBufX.Get<float>();
            Cast(xFloat, xLocal, RoundMode::CAST_NONE, count);
            LocalTensor<float> yFloat = floatBufY.Get<float>();
            Cast(yFloat, yLocal, RoundMode::CAST_NONE, count);
            ComputeFloat(xFloat, xFloat, yFloat, count);
            Cast(outLocal, xFloat, RoundMode::CAST_RINT, count);
        }
        outQueue.EnQue(outLocal);
        inQueueX.FreeTensor(xLocal);
        inQueueY.FreeTensor(yLocal);
    }

    // r may alias x; y is overwritten with alpha * y. The product and the sum are each rounded to
    // float, as the float32 reference rounds them.
    __aicore__ inline void ComputeFloat(const LocalTensor<float>& r, const LocalTensor<float>& x, const LocalTensor<float>& y,
                                        uint32_t count)
    {
        Muls(y, y, alpha, count);
        Add(r, x, y, count);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> outLocal = outQueue.DeQue<T>();
        const DataCopyExtParams copyParams{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        DataCopyPad(outGm[offset], outLocal, copyParams);
        outQueue.FreeTensor(outLocal);
    }

    TPipe pipe;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueY;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue;
    TBuf<QuePosition::VECCALC> floatBufX;
    TBuf<QuePosition::VECCALC> floatBufY;
    GmTensorList<T> xList;
    GmTensorList<T> yList;
    GmTensorList<T> outList;
    GlobalTensor<T> xGm;
    GlobalTensor<T> yGm;
    GlobalTensor<T> outGm;
    const ForeachAxpyListTilingData* tiling = nullptr;
    uint32_t firstUnit = 0;
    uint32_t endUnit = 0;
    uint32_t tileLength = 0;
    float alpha = 0.0f;
};

extern "C" __global__ __aicore__ void foreach_axpy_list(GM_ADDR x, GM_ADDR y, GM_ADDR out, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelForeachAxpyList<DTYPE_X> op;
    op.Init(x, y, out, tilingData);
    op.Process();
}
