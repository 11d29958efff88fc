// ArangeStep: y[i] = start + i * step.
// Each core writes a contiguous run of the sequence. Per tile, CreateVecIndex writes the tile's
// global element numbers (exact: they stay below 2^24), Muls scales them by step and Adds shifts
// them by start, all in the output dtype (int32 arithmetic for int32, so no float rounding there).
// Tiles go out through a double-buffered queue; DataCopyPad writes the exact length of the last.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelArangeStep {
public:
    __aicore__ inline KernelArangeStep() {}
    __aicore__ inline void Init(GM_ADDR y, const ArangeStepTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        first_ = block * tiling.coreLength;
        length_ = block + 1 == GetBlockNum() ? tiling.lastCoreLength : tiling.coreLength;
        tileLength_ = tiling.tileLength;
        // int32 sequences have whole-number start and step (torch truncates them the same way).
        start_ = static_cast<T>(tiling.start);
        step_ = static_cast<T>(tiling.step);
        yGm_.SetGlobalBuffer((__gm__ T*)y + first_, length_);
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
    }

    __aicore__ inline void Process()
    {
        for (uint32_t done = 0; done < length_; done += tileLength_) {
            const uint32_t count = length_ - done < tileLength_ ? length_ - done : tileLength_;
            Compute(done, count);
            CopyOut(done, count);
        }
    }

private:
    __aicore__ inline void Compute(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> tile = outQueue_.AllocTensor<T>();
        CreateVecIndex(tile, static_cast<T>(first_ + offset), count);
        Muls(tile, tile, step_, static_cast<int32_t>(count));
        Adds(tile, tile, start_, static_cast<int32_t>(count));
        outQueue_.EnQue(tile);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> tile = outQueue_.DeQue<T>();
        DataCopyPad(yGm_[offset], tile, DataCopyExtParams(1, count * sizeof(T), 0, 0, 0));
        outQueue_.FreeTensor(tile);
    }

    TPipe pipe_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    GlobalTensor<T> yGm_;
    uint32_t first_ = 0;
    uint32_t length_ = 0;
    uint32_t tileLength_ = 0;
    T start_;
    T step_;
};

extern "C" __global__ __aicore__ void arange_step(GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelArangeStep<DTYPE_Y> op;
    op.Init(y, tilingData);
    op.Process();
}
