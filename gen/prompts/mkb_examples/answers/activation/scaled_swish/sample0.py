# ScaledSwishCustom: y = x * sigmoid(beta * x).
# An example answer in MultiKernelBench's six-string form, written for akgen's
# prompts from the built-in suite's Swish answer.
project_json_src = '''
[{"op": "ScaledSwishCustom", "language": "cpp",
  "input_desc": [
    {"name": "x", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]}],
  "output_desc": [
    {"name": "y", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]}],
  "attr": [
    {"name": "beta", "param_type": "optional", "type": "float", "default_value": "1.0"}]}]
'''

host_tiling_src = """
#ifndef SCALED_SWISH_CUSTOM_TILING_H
#define SCALED_SWISH_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ScaledSwishCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, coreLength);      // elements of every core but the last
TILING_DATA_FIELD_DEF(uint32_t, lastCoreLength);  // elements of the last core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);      // elements per UB tile
TILING_DATA_FIELD_DEF(float, beta);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ScaledSwishCustom, ScaledSwishCustomTilingData)
}  // namespace optiling
#endif  // SCALED_SWISH_CUSTOM_TILING_H
"""

host_operator_src = """
#include <algorithm>

#include "scaled_swish_custom_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t BUFFER_NUM = 2;
// Core chunks are whole float repeats (64 elements), so every core but the last starts 256-byte aligned.
constexpr uint32_t ALIGN_ELEMENTS = 64;
// Below this many elements per core, starting one more core costs more than it saves.
constexpr uint32_t MIN_CORE_ELEMENTS = 2048;
constexpr uint32_t UB_RESERVED_BYTES = 1024;

static uint32_t CeilDiv(uint64_t a, uint64_t b) { return static_cast<uint32_t>((a + b - 1) / b); }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (total == 0 || total > UINT32_MAX) {
        return ge::GRAPH_FAILED;
    }
    const uint32_t typeSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 4 : 2;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    // Per element: double-buffered input and output tiles, plus two float scratch tensors.
    const uint32_t bytesPerElement = BUFFER_NUM * 2 * typeSize + 2 * sizeof(float);
    const uint32_t tileLength = (ubSize - UB_RESERVED_BYTES) / bytesPerElement / ALIGN_ELEMENTS * ALIGN_ELEMENTS;

    uint32_t coreNum = std::max<uint32_t>(1, std::min<uint32_t>(platform.GetCoreNumAiv(), CeilDiv(total, MIN_CORE_ELEMENTS)));
    const uint32_t coreLength = CeilDiv(CeilDiv(total, coreNum), ALIGN_ELEMENTS) * ALIGN_ELEMENTS;
    coreNum = CeilDiv(total, coreLength);

    ScaledSwishCustomTilingData tiling;
    tiling.set_coreLength(coreLength);
    tiling.set_lastCoreLength(static_cast<uint32_t>(total - uint64_t(coreNum - 1) * coreLength));
    tiling.set_tileLength(tileLength);
    tiling.set_beta(*context->GetAttrs()->GetFloat(0));
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
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class ScaledSwishCustom : public OpDef {
public:
    explicit ScaledSwishCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->Attr("beta").AttrType(OPTIONAL).Float(1.0f);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(ScaledSwishCustom);
}  // namespace ops
"""

kernel_src = """
// ScaledSwishCustom y = x * sigmoid(beta x), computed as x / (1 + exp(-beta x)) so it needs only Exp and Div. Each
// core streams its contiguous chunk through double-buffered UB tiles; fp16/bf16 are computed in float.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelScaledSwish {
public:
    __aicore__ inline KernelScaledSwish() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ScaledSwishCustomTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        length_ = block + 1 == GetBlockNum() ? tiling.lastCoreLength : tiling.coreLength;
        tileLength_ = tiling.tileLength;
        negBeta_ = -tiling.beta;
        const uint64_t offset = static_cast<uint64_t>(block) * tiling.coreLength;
        xGm_.SetGlobalBuffer((__gm__ T*)x + offset, length_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + offset, length_);
        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(tmpBuf_, tileLength_ * sizeof(float));
        pipe_.InitBuffer(floatBuf_, tileLength_ * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        for (uint32_t done = 0; done < length_; done += tileLength_) {
            const uint32_t count = length_ - done < tileLength_ ? length_ - done : tileLength_;
            CopyIn(done, count);
            Compute(count);
            CopyOut(done, count);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        DataCopyPad(xLocal, xGm_[offset], params, pad);
        inQueue_.EnQue(xLocal);
    }

    // y = x / (1 + exp(-beta x)), all in float.
    __aicore__ inline void SwishFloat(const LocalTensor<float>& y, const LocalTensor<float>& x, uint32_t count)
    {
        LocalTensor<float> t = tmpBuf_.Get<float>();
        Muls(t, x, negBeta_, count);
        Exp(t, t, count);
        Adds(t, t, 1.0f, count);
        Div(y, x, t, count);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.DeQue<T>();
        LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            SwishFloat(yLocal, xLocal, count);
        } else {
            LocalTensor<float> xFloat = floatBuf_.Get<float>();
            Cast(xFloat, xLocal, RoundMode::CAST_NONE, count);
            SwishFloat(xFloat, xFloat, count);
            Cast(yLocal, xFloat, RoundMode::CAST_RINT, count);
        }
        outQueue_.EnQue(yLocal);
        inQueue_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        LocalTensor<T> yLocal = outQueue_.DeQue<T>();
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPad(yGm_[offset], yLocal, params);
        outQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> tmpBuf_;
    TBuf<TPosition::VECCALC> floatBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint32_t length_ = 0;
    uint32_t tileLength_ = 0;
    float negBeta_ = 0.0f;
};

extern "C" __global__ __aicore__ void scaled_swish_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelScaledSwish<DTYPE_X> op;
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

at::Tensor scaled_swish_custom_impl(const at::Tensor& x, double beta)
{
    at::Tensor y = at::empty_like(x);
    float betaValue = static_cast<float>(beta);
    EXEC_NPU_CMD(aclnnScaledSwishCustom, x, betaValue, y);
    return y;
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("scaled_swish_custom", &scaled_swish_custom_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("scaled_swish_custom", &scaled_swish_custom_impl, "y = x * sigmoid(beta * x)"); }
"""

model_src = '''
import torch
import torch_npu
import custom_ops_lib


class ModelNew(torch.nn.Module):
    def __init__(self, beta):
        super().__init__()
        self.beta = beta

    def forward(self, x):
        return custom_ops_lib.scaled_swish_custom(x, self.beta)
'''
