// UnalignAbs: y = |x| over lengths that are rarely 32-byte multiples.
// Each core streams its share through UB in double-buffered tiles. float is computed directly;
// float16 and bfloat16 are widened to float, computed and rounded once to nearest-even, so the
// result is the correctly rounded float result (vector arithmetic has no bfloat16 form).
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;     // double buffering: copy-in of tile i+1 overlaps compute of tile i
constexpr uint32_t UNIT_ELEMS = 256;  // the tiling's split unit

__aicore__ inline uint32_t MinU32(uint32_t a, uint32_t b) { return a < b ? a : b; }

template <typename T>
class KernelUnalignAbs {
public:
    __aicore__ inline KernelUnalignAbs() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t totalLength, uint32_t tileLength, uint32_t unitsPerCore,
                                uint32_t bigCoreNum)
    {
        InitRange(totalLength, tileLength, unitsPerCore, bigCoreNum);
        xGm.SetGlobalBuffer((__gm__ T*)x + coreStart, coreLength);
        yGm.SetGlobalBuffer((__gm__ T*)y + coreStart, coreLength);
        pipe.InitBuffer(inQueue0, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(outQueue, BUFFER_NUM, tileLength * sizeof(T));
        if constexpr (!std::is_same_v<T, float>) {
            pipe.InitBuffer(floatBuf0, tileLength * sizeof(float));
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
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> in0 = inQueue0.DeQue<T>();
        LocalTensor<T> out = outQueue.AllocTensor<T>();
        if constexpr (std::is_same_v<T, float>) {
            ComputeFloat(out, in0, count);
        } else {
            LocalTensor<float> a0 = floatBuf0.Get<float>();
            Cast(a0, in0, RoundMode::CAST_NONE, count);
            ComputeFloat(a0, a0, count);
            Cast(out, a0, RoundMode::CAST_RINT, count);
        }
        outQueue.EnQue(out);
        inQueue0.FreeTensor(in0);
    }

    // r may alias a0: every step is elementwise.
    __aicore__ inline void ComputeFloat(const LocalTensor<float>& r, const LocalTensor<float>& a0, uint32_t count)
    {
        Abs(r, a0, count);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> out = outQueue.DeQue<T>();
        const DataCopyExtParams copyParams{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        DataCopyPad(yGm[offset], out, copyParams);
        outQueue.FreeTensor(out);
    }

    TPipe pipe;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue0;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue;
    TBuf<QuePosition::VECCALC> floatBuf0;
    GlobalTensor<T> xGm;
    GlobalTensor<T> yGm;
    uint32_t coreStart = 0;
    uint32_t coreLength = 0;
    uint32_t tileLength = 0;
};

extern "C" __global__ __aicore__ void unalign_abs(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelUnalignAbs<DTYPE_X> op;
    op.Init(x, y, tilingData.totalLength, tilingData.tileLength, tilingData.unitsPerCore,
            tilingData.bigCoreNum);
    op.Process();
}
