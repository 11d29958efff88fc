// Axpby: z = a * x + b * y, a and b float attributes.
// Each core streams its share through UB in double-buffered tiles. float is computed directly;
// float16 and bfloat16 are widened to float, computed and rounded once to nearest-even, so the
// result is the correctly rounded float result (vector arithmetic has no bfloat16 form).
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;     // double buffering: copy-in of tile i+1 overlaps compute of tile i
constexpr uint32_t UNIT_ELEMS = 256;  // the tiling's split unit

__aicore__ inline uint32_t MinU32(uint32_t a, uint32_t b) { return a < b ? a : b; }

template <typename T>
class KernelAxpby {
public:
    __aicore__ inline KernelAxpby() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalLength, uint32_t tileLength, uint32_t unitsPerCore,
                                uint32_t bigCoreNum, float a, float b)
    {
        InitRange(totalLength, tileLength, unitsPerCore, bigCoreNum);
        this->a = a;
        this->b = b;
        xGm.SetGlobalBuffer((__gm__ T*)x + coreStart, coreLength);
        yGm.SetGlobalBuffer((__gm__ T*)y + coreStart, coreLength);
        zGm.SetGlobalBuffer((__gm__ T*)z + coreStart, coreLength);
        pipe.InitBuffer(inQueue0, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(inQueue1, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(outQueue, BUFFER_NUM, tileLength * sizeof(T));
        if constexpr (!std::is_same_v<T, float>) {
            pipe.InitBuffer(floatBuf0, tileLength * sizeof(float));
            pipe.InitBuffer(floatBuf1, tileLength * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        for (uint32_t offset = 0; offset < coreLength; offset += tileLength) {
            const uint32_t count = MinU32(tileLength, coreLength - offset);
            CopyIn(offset, count);
            Compute(count);
            CopyOut(offset, count);
        }
    }

private:
    // This core's first element and element count, from the unit split of the tiling.
    __aicore__ inline void InitRange(uint32_t totalLength, uint32_t tileLength, uint32_t unitsPerCore, uint32_t bigCoreNum)
    {
        const uint32_t blockIdx = GetBlockIdx();
        const uint32_t extraBefore = blockIdx < bigCoreNum ? blockIdx : bigCoreNum;
        const uint32_t units = unitsPerCore + (blockIdx < bigCoreNum ? 1 : 0);
        coreStart = (blockIdx * unitsPerCore + extraBefore) * UNIT_ELEMS;
        coreLength = coreStart >= totalLength ? 0 : MinU32(units * UNIT_ELEMS, totalLength - coreStart);
        this->tileLength = tileLength;
    }

    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        // DataCopyPad moves exactly count elements, so tails that are not 32-byte multiples need no padding.
        const DataCopyExtParams copyParams{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        const DataCopyPadExtParams<T> padParams{false, 0, 0, 0};
        LocalTensor<T> in0 = inQueue0.AllocTensor<T>();
        DataCopyPad(in0, xGm[offset], copyParams, padParams);
        inQueue0.EnQue(in0);
        LocalTensor<T> in1 = inQueue1.AllocTensor<T>();
        DataCopyPad(in1, yGm[offset], copyParams, padParams);
        inQueue1.EnQue(in1);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> in0 = inQueue0.DeQue<T>();
        LocalTensor<T> in1 = inQueue1.DeQue<T>();
        LocalTensor<T> out = outQueue.AllocTensor<T>();
        if constexpr (std::is_same_v<T, float>) {
            ComputeFloat(out, in0, in1, count);
        } else {
            LocalTensor<float> a0 = floatBuf0.Get<float>();
            Cast(a0, in0, RoundMode::CAST_NONE, count);
            LocalTensor<float> a1 = floatBuf1.Get<float>();
            Cast(a1, in1, RoundMode::CAST_NONE, count);
            ComputeFloat(a0, a0, a1, count);
            Cast(out, a0, RoundMode::CAST_RINT, count);
        }
        outQueue.EnQue(out);
        inQueue0.FreeTensor(in0);
        inQueue1.FreeTensor(in1);
    }

    // r may alias a0: every step is elementwise.
    __aicore__ inline void ComputeFloat(const LocalTensor<float>& r, const LocalTensor<float>& a0, const LocalTensor<float>& a1, uint32_t count)
    {
        Muls(r, a0, a, count);
        Muls(a1, a1, b, count);
        Add(r, r, a1, count);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> out = outQueue.DeQue<T>();
        const DataCopyExtParams copyParams{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        DataCopyPad(zGm[offset], out, copyParams);
        outQueue.FreeTensor(out);
    }

    TPipe pipe;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue0;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue1;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue;
    TBuf<QuePosition::VECCALC> floatBuf0;
    TBuf<QuePosition::VECCALC> floatBuf1;
    GlobalTensor<T> xGm;
    GlobalTensor<T> yGm;
    GlobalTensor<T> zGm;
    uint32_t coreStart = 0;
    uint32_t coreLength = 0;
    uint32_t tileLength = 0;
    float a;
    float b;
};

extern "C" __global__ __aicore__ void axpby(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelAxpby<DTYPE_X> op;
    op.Init(x, y, z, tilingData.totalLength, tilingData.tileLength, tilingData.unitsPerCore,
            tilingData.bigCoreNum, tilingData.a, tilingData.b);
    op.Process();
}
