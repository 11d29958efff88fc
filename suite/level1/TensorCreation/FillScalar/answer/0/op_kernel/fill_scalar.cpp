// FillScalar: y[i] = value[0] for every element of y, whose shape the dims input gives.
// Each core fills one UB tile with the value once, then writes its share of y from that tile;
// the last write of a share may be shorter and DataCopyPad writes exactly that many elements.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;     // double buffering: copy-in of tile i+1 overlaps compute of tile i
constexpr uint32_t UNIT_ELEMS = 256;  // the tiling's split unit

__aicore__ inline uint32_t MinU32(uint32_t a, uint32_t b) { return a < b ? a : b; }

template <typename T>
class KernelFillScalar {
public:
    __aicore__ inline KernelFillScalar() {}
    __aicore__ inline void Init(GM_ADDR value, GM_ADDR y, uint32_t totalLength, uint32_t tileLength, uint32_t unitsPerCore,
                                uint32_t bigCoreNum)
    {
        InitRange(totalLength, tileLength, unitsPerCore, bigCoreNum);
        valueGm.SetGlobalBuffer((__gm__ T*)value, 1);
        yGm.SetGlobalBuffer((__gm__ T*)y + coreStart, coreLength);
        pipe.InitBuffer(fillQueue, 1, tileLength * sizeof(T));
    }

    __aicore__ inline void Process()
    {
        if (coreLength == 0) {
            return;
        }
        LocalTensor<T> tile = fillQueue.AllocTensor<T>();
        Duplicate(tile, valueGm.GetValue(0), static_cast<int32_t>(tileLength));
        fillQueue.EnQue(tile);
        tile = fillQueue.DeQue<T>();
        for (uint32_t offset = 0; offset < coreLength; offset += tileLength) {
            const uint32_t count = MinU32(tileLength, coreLength - offset);
            const DataCopyExtParams copyParams{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
            DataCopyPad(yGm[offset], tile, copyParams);
        }
        fillQueue.FreeTensor(tile);
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

    TPipe pipe;
    TQue<QuePosition::VECOUT, 1> fillQueue;  // read-only after the fill: no second buffer needed
    GlobalTensor<T> valueGm;
    GlobalTensor<T> yGm;
    uint32_t coreStart = 0;
    uint32_t coreLength = 0;
    uint32_t tileLength = 0;
};

extern "C" __global__ __aicore__ void fill_scalar(GM_ADDR dims, GM_ADDR value, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelFillScalar<DTYPE_VALUE> op;
    op.Init(value, y, tilingData.totalLength, tilingData.tileLength, tilingData.unitsPerCore, tilingData.bigCoreNum);
    op.Process();
}
