// GreaterEqual: y = x1 >= x2, elementwise, as bool.
// Each core streams its share through UB in double-buffered tiles. The comparison writes one bit
// per element; Select turns the bits into 1.0/0.0 in half and Cast narrows that to one byte per
// element (bool). bfloat16 is widened to float first (vector compares have no bfloat16 form).
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;     // double buffering: copy-in of tile i+1 overlaps compute of tile i
constexpr uint32_t UNIT_ELEMS = 256;  // the tiling's split unit

__aicore__ inline uint32_t MinU32(uint32_t a, uint32_t b) { return a < b ? a : b; }

template <typename T>
class KernelGreaterEqual {
public:
    __aicore__ inline KernelGreaterEqual() {}
    __aicore__ inline void Init(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, uint32_t totalLength, uint32_t tileLength, uint32_t unitsPerCore,
                                uint32_t bigCoreNum)
    {
        InitRange(totalLength, tileLength, unitsPerCore, bigCoreNum);
        x1Gm.SetGlobalBuffer((__gm__ T*)x1 + coreStart, coreLength);
        x2Gm.SetGlobalBuffer((__gm__ T*)x2 + coreStart, coreLength);
        yGm.SetGlobalBuffer((__gm__ uint8_t*)y + coreStart, coreLength);
        pipe.InitBuffer(inQueue0, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(inQueue1, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(outQueue, BUFFER_NUM, tileLength * sizeof(uint8_t));
        pipe.InitBuffer(maskBuf, tileLength / 8);
        pipe.InitBuffer(halfBuf, tileLength * sizeof(half));
        pipe.InitBuffer(onesBuf, tileLength * sizeof(half));
        if constexpr (!(std::is_same_v<T, half> || std::is_same_v<T, float>)) {
            pipe.InitBuffer(floatBuf0, tileLength * sizeof(float));
            pipe.InitBuffer(floatBuf1, tileLength * sizeof(float));
        }
        Duplicate(onesBuf.Get<half>(), static_cast<half>(1.0f), static_cast<int32_t>(tileLength));
        // Compare runs over whole 256-byte repeats, past the count of a tail tile: clearing its
        // sources once keeps those extra lanes defined (their results are never copied out).
        if constexpr (std::is_same_v<T, half> || std::is_same_v<T, float>) {
            ClearQueue(inQueue0);
            ClearQueue(inQueue1);
        } else {
            Duplicate(floatBuf0.Get<float>(), 0.0f, static_cast<int32_t>(tileLength));
            Duplicate(floatBuf1.Get<float>(), 0.0f, static_cast<int32_t>(tileLength));
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

    __aicore__ inline void ClearQueue(TQue<QuePosition::VECIN, BUFFER_NUM>& queue)
    {
        LocalTensor<T> first = queue.AllocTensor<T>();
        LocalTensor<T> second = queue.AllocTensor<T>();
        Duplicate(first, static_cast<T>(0.0f), static_cast<int32_t>(tileLength));
        Duplicate(second, static_cast<T>(0.0f), static_cast<int32_t>(tileLength));
        queue.FreeTensor(first);
        queue.FreeTensor(second);
    }

    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        const DataCopyExtParams copyParams{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        const DataCopyPadExtParams<T> padParams{false, 0, 0, 0};
        LocalTensor<T> in0 = inQueue0.AllocTensor<T>();
        DataCopyPad(in0, x1Gm[offset], copyParams, padParams);
        inQueue0.EnQue(in0);
        LocalTensor<T> in1 = inQueue1.AllocTensor<T>();
        DataCopyPad(in1, x2Gm[offset], copyParams, padParams);
        inQueue1.EnQue(in1);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> in0 = inQueue0.DeQue<T>();
        LocalTensor<T> in1 = inQueue1.DeQue<T>();
        if constexpr (std::is_same_v<T, half> || std::is_same_v<T, float>) {
            Compare01(in0, in1, count);
        } else {
            LocalTensor<float> c0 = floatBuf0.Get<float>();
            Cast(c0, in0, RoundMode::CAST_NONE, count);
            LocalTensor<float> c1 = floatBuf1.Get<float>();
            Cast(c1, in1, RoundMode::CAST_NONE, count);
            Compare01(c0, c1, count);
        }
        inQueue0.FreeTensor(in0);
        inQueue1.FreeTensor(in1);
    }

    // Writes count bytes of 0/1 into a new output tile. Compare works on whole 256-byte
    // repeats, so it runs over the count rounded up to UNIT_ELEMS; the tile holds that many
    // elements and the extra results are never copied out.
    template <typename U>
    __aicore__ inline void Compare01(const LocalTensor<U>& c0, const LocalTensor<U>& c1, uint32_t count)
    {
        const uint32_t alignedCount = (count + UNIT_ELEMS - 1) / UNIT_ELEMS * UNIT_ELEMS;
        LocalTensor<uint8_t> mask = maskBuf.Get<uint8_t>();
        Compare(mask, c0, c1, CMPMODE::GE, alignedCount);
        LocalTensor<half> asHalf = halfBuf.Get<half>();
        Select(asHalf, mask, onesBuf.Get<half>(), static_cast<half>(0.0f), SELMODE::VSEL_TENSOR_SCALAR_MODE, alignedCount);
        LocalTensor<uint8_t> out = outQueue.AllocTensor<uint8_t>();
        Cast(out, asHalf, RoundMode::CAST_NONE, count);
        outQueue.EnQue(out);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        LocalTensor<uint8_t> out = outQueue.DeQue<uint8_t>();
        const DataCopyExtParams copyParams{1, count, 0, 0, 0};
        DataCopyPad(yGm[offset], out, copyParams);
        outQueue.FreeTensor(out);
    }

    TPipe pipe;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue0;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue1;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue;
    TBuf<QuePosition::VECCALC> maskBuf;
    TBuf<QuePosition::VECCALC> halfBuf;
    TBuf<QuePosition::VECCALC> onesBuf;
    TBuf<QuePosition::VECCALC> floatBuf0;
    TBuf<QuePosition::VECCALC> floatBuf1;
    GlobalTensor<T> x1Gm;
    GlobalTensor<T> x2Gm;
    GlobalTensor<uint8_t> yGm;
    uint32_t coreStart = 0;
    uint32_t coreLength = 0;
    uint32_t tileLength = 0;
};

extern "C" __global__ __aicore__ void greater_equal(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelGreaterEqual<DTYPE_X1> op;
    op.Init(x1, x2, y, tilingData.totalLength, tilingData.tileLength, tilingData.unitsPerCore,
            tilingData.bigCoreNum);
    op.Process();
}
