# AvgPoolLastDimCustom: the mean of every window of kernel_size elements along the last dim (stride = kernel_size).
# An example answer in MultiKernelBench's six-string form, written for akgen's
# prompts from the built-in suite's AvgPoolLastDim answer.
project_json_src = '''
[{"op": "AvgPoolLastDimCustom", "language": "cpp",
  "input_desc": [
    {"name": "x", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]}],
  "output_desc": [
    {"name": "y", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]}],
  "attr": [
    {"name": "kernel_size", "param_type": "required", "type": "int"}]}]
'''

host_tiling_src = """
#ifndef AVG_POOL_LAST_DIM_CUSTOM_TILING_H
#define AVG_POOL_LAST_DIM_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AvgPoolLastDimCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, kernelSize);     // k: input elements per window, also the stride
TILING_DATA_FIELD_DEF(uint32_t, windowsPerCore); // windows (outputs) of every core; the first tailCores take one more
TILING_DATA_FIELD_DEF(uint32_t, tailCores);
TILING_DATA_FIELD_DEF(uint32_t, tileWindows);    // windows per UB tile
TILING_DATA_FIELD_DEF(float, invKernelSize);     // 1 / k, for the mean
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AvgPoolLastDimCustom, AvgPoolLastDimCustomTilingData)
}  // namespace optiling
#endif  // AVG_POOL_LAST_DIM_CUSTOM_TILING_H
"""

host_operator_src = """
// AvgPoolLastDimCustom host side. With stride = kernel size, no padding and L % k == 0, the windows tile
// the flattened input exactly, so the op is "mean of every run of k consecutive elements": the
// windows are split over the vector cores as one flat list, whatever the row length.
#include <algorithm>

#include "avg_pool_last_dim_custom_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t BUFFER_NUM = 2;
constexpr uint32_t MIN_CORE_WINDOWS = 512;  // below this, another core costs more than it saves
constexpr uint32_t UB_RESERVED_BYTES = 1024;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    const int64_t* kernelAttr = context->GetAttrs()->GetInt(0);
    if (shape.GetDimNum() == 0 || kernelAttr == nullptr || *kernelAttr < 1) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t kernelSize = static_cast<uint64_t>(*kernelAttr);
    const uint64_t rowLength = shape.GetDim(shape.GetDimNum() - 1);
    const uint64_t total = shape.GetShapeSize();
    if (rowLength == 0 || rowLength % kernelSize != 0 || total > UINT32_MAX) {
        return ge::GRAPH_FAILED;  // partial windows (ceil mode, padding) are not part of this op
    }
    const uint64_t windows = total / kernelSize;
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint64_t typeSize = isFloat ? 4 : 2;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    // Per window: k double-buffered input elements, one double-buffered output element, and in
    // float a gather offset, the running sum and one gathered column; fp16/bf16 also need the k
    // inputs widened to float.
    const uint64_t bytesPerWindow = BUFFER_NUM * (kernelSize + 1) * typeSize + 3 * sizeof(float) +
                                    (isFloat ? 0 : kernelSize * sizeof(float));
    if (bytesPerWindow + UB_RESERVED_BYTES > ubSize) {
        return ge::GRAPH_FAILED;  // one window must fit in UB
    }
    const uint32_t coreNum = static_cast<uint32_t>(std::max<uint64_t>(
        1, std::min<uint64_t>(platform.GetCoreNumAiv(), (windows + MIN_CORE_WINDOWS - 1) / MIN_CORE_WINDOWS)));
    const uint32_t windowsPerCore = static_cast<uint32_t>(windows / coreNum);
    const uint32_t tailCores = static_cast<uint32_t>(windows % coreNum);
    const uint32_t tileWindows = static_cast<uint32_t>(std::min<uint64_t>(
        (ubSize - UB_RESERVED_BYTES) / bytesPerWindow, windowsPerCore + (tailCores > 0 ? 1 : 0)));

    AvgPoolLastDimCustomTilingData tiling;
    tiling.set_kernelSize(static_cast<uint32_t>(kernelSize));
    tiling.set_windowsPerCore(windowsPerCore);
    tiling.set_tailCores(tailCores);
    tiling.set_tileWindows(tileWindows);
    tiling.set_invKernelSize(static_cast<float>(1.0 / static_cast<double>(kernelSize)));
    context->SetBlockDim(coreNum);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* x = context->GetInputShape(0);
    const int64_t* kernelSize = context->GetAttrs()->GetInt(0);
    if (x->GetDimNum() == 0 || kernelSize == nullptr || *kernelSize < 1) {
        return GRAPH_FAILED;
    }
    gert::Shape* y = context->GetOutputShape(0);
    *y = *x;
    y->SetDim(x->GetDimNum() - 1, x->GetDim(x->GetDimNum() - 1) / *kernelSize);
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class AvgPoolLastDimCustom : public OpDef {
public:
    explicit AvgPoolLastDimCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("kernel_size").AttrType(REQUIRED).Int(2);
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(AvgPoolLastDimCustom);
}  // namespace ops
"""

kernel_src = """
// AvgPoolLastDimCustom: y[w] = mean(x[w*k .. w*k + k-1]) over the flattened tensor (stride = k, no
// padding, L % k == 0, so no window crosses a row). Each core takes a contiguous range of windows
// and moves tiles of whole windows through double-buffered queues; DataCopyPad copies exactly the
// tile's bytes, so neither k nor the row length needs to be 32-byte aligned.
//
// A window is k consecutive elements, which need not start on a 32-byte block, so a block-strided
// vector op cannot pick them out. Instead the tile is read as k interleaved columns: Gather with the
// byte offsets w * k * 4 and base r * 4 collects element r of every window, and k - 1 Adds sum the
// columns. That is k Gathers and k Adds per 64 windows, whatever k is. fp16/bf16 tiles are widened
// to float first, summed in float and rounded once (CAST_RINT).
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelAvgPoolLastDim {
public:
    __aicore__ inline KernelAvgPoolLastDim() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const AvgPoolLastDimCustomTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        kernelSize_ = tiling.kernelSize;
        tileWindows_ = tiling.tileWindows;
        invKernelSize_ = tiling.invKernelSize;
        windows_ = tiling.windowsPerCore + (block < tiling.tailCores ? 1 : 0);
        const uint64_t firstWindow =
            static_cast<uint64_t>(block) * tiling.windowsPerCore + (block < tiling.tailCores ? block : tiling.tailCores);
        xGm_.SetGlobalBuffer((__gm__ T*)x + firstWindow * kernelSize_, static_cast<uint64_t>(windows_) * kernelSize_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + firstWindow, windows_);

        const uint32_t tileElements = tileWindows_ * kernelSize_;
        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileElements * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileWindows_ * sizeof(T));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(xFloatBuf_, tileElements * sizeof(float));
        }
        pipe_.InitBuffer(offsetBuf_, tileWindows_ * sizeof(uint32_t));
        pipe_.InitBuffer(sumBuf_, tileWindows_ * sizeof(float));
        pipe_.InitBuffer(columnBuf_, tileWindows_ * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        if (windows_ == 0) {
            return;
        }
        BuildOffsets();
        for (uint32_t done = 0; done < windows_; done += tileWindows_) {
            const uint32_t count = windows_ - done < tileWindows_ ? windows_ - done : tileWindows_;
            CopyIn(done, count);
            Compute(count);
            CopyOut(done, count);
        }
    }

private:
    // Byte offset of window w's first float in a tile: w * k * sizeof(float), the same for every
    // tile, so it is built once (index vector times the window's byte length).
    __aicore__ inline void BuildOffsets()
    {
        LocalTensor<int32_t> index = offsetBuf_.Get<int32_t>();
        CreateVecIndex(index, static_cast<int32_t>(0), tileWindows_);
        Muls(index, index, static_cast<int32_t>(kernelSize_ * sizeof(float)), tileWindows_);
    }

    __aicore__ inline void CopyIn(uint32_t window, uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
        DataCopyExtParams params(1, count * kernelSize_ * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(window) * kernelSize_], params, pad);
        inQueue_.EnQue(xLocal);
    }

    // sum[w] = x[w*k] + x[w*k + 1] + ... + x[w*k + k-1] for the count windows of the tile, in float.
    __aicore__ inline void SumWindows(const LocalTensor<float>& sum, const LocalTensor<float>& x, uint32_t count)
    {
        LocalTensor<uint32_t> offsets = offsetBuf_.Get<uint32_t>();
        LocalTensor<float> column = columnBuf_.Get<float>();
        Gather(sum, x, offsets, 0, count);
        for (uint32_t r = 1; r < kernelSize_; ++r) {
            Gather(column, x, offsets, static_cast<uint32_t>(r * sizeof(float)), count);
            Add(sum, sum, column, count);
        }
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.DeQue<T>();
        LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
        LocalTensor<float> sum = sumBuf_.Get<float>();
        if constexpr (IsSameType<T, float>::value) {
            SumWindows(sum, xLocal, count);
            Muls(yLocal, sum, invKernelSize_, count);
        } else {
            LocalTensor<float> xFloat = xFloatBuf_.Get<float>();
            Cast(xFloat, xLocal, RoundMode::CAST_NONE, count * kernelSize_);
            SumWindows(sum, xFloat, count);
            Muls(sum, sum, invKernelSize_, count);
            Cast(yLocal, sum, RoundMode::CAST_RINT, count);
        }
        outQueue_.EnQue(yLocal);
        inQueue_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(uint32_t window, uint32_t count)
    {
        LocalTensor<T> yLocal = outQueue_.DeQue<T>();
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPad(yGm_[window], yLocal, params);
        outQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> xFloatBuf_, offsetBuf_, sumBuf_, columnBuf_;
    GlobalTensor<T> xGm_, yGm_;
    uint32_t kernelSize_ = 0;
    uint32_t tileWindows_ = 0;
    uint32_t windows_ = 0;
    float invKernelSize_ = 0.0f;
};

extern "C" __global__ __aicore__ void avg_pool_last_dim_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelAvgPoolLastDim<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
"""

python_bind_src = """
#include <string>
#include <vector>

#include <torch/extension.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor avg_pool_last_dim_custom_impl(const at::Tensor& x, int64_t kernel_size)
{
    std::vector<int64_t> shape = x.sizes().vec();
    shape.back() /= kernel_size;
    at::Tensor y = at::empty(shape, x.options());
    EXEC_NPU_CMD(aclnnAvgPoolLastDimCustom, x, kernel_size, y);
    return y;
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("avg_pool_last_dim_custom", &avg_pool_last_dim_custom_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("avg_pool_last_dim_custom", &avg_pool_last_dim_custom_impl, "the mean of every window of kernel_size elements along the last dim (stride = kernel_size)"); }
"""

model_src = '''
import torch
import torch_npu
import custom_ops_lib


class ModelNew(torch.nn.Module):
    def __init__(self, kernel_size):
        super().__init__()
        self.kernel_size = kernel_size

    def forward(self, x):
        return custom_ops_lib.avg_pool_last_dim_custom(x, self.kernel_size)
'''
