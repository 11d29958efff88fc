# SgdMomentumCustom: velocity' = momentum * velocity + grad; param' = param - lr * velocity'.
# An example answer in MultiKernelBench's six-string form, written for akgen's
# prompts from the built-in suite's SgdMomentum answer.
project_json_src = '''
[{"op": "SgdMomentumCustom", "language": "cpp",
  "input_desc": [
    {"name": "param", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]},
    {"name": "grad", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]},
    {"name": "velocity", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]}],
  "output_desc": [
    {"name": "param_out", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]},
    {"name": "velocity_out", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]}],
  "attr": [
    {"name": "lr", "param_type": "required", "type": "float"},
    {"name": "momentum", "param_type": "required", "type": "float"}]}]
'''

host_tiling_src = """
#ifndef SGD_MOMENTUM_CUSTOM_TILING_H
#define SGD_MOMENTUM_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SgdMomentumCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, coreLength);      // elements of every core but the last
TILING_DATA_FIELD_DEF(uint32_t, lastCoreLength);  // elements of the last core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);      // elements per UB tile
TILING_DATA_FIELD_DEF(float, lr);
TILING_DATA_FIELD_DEF(float, momentum);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SgdMomentumCustom, SgdMomentumCustomTilingData)
}  // namespace optiling
#endif  // SGD_MOMENTUM_CUSTOM_TILING_H
"""

host_operator_src = """
// SgdMomentumCustom host side: splits the elements over the vector cores in 64-element multiples and sizes
// the UB tiles from the buffers the kernel allocates for the dtype.
#include <algorithm>

#include "register/op_def_registry.h"
#include "sgd_momentum_custom_tiling.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t BUFFER_NUM = 2;
constexpr uint32_t ALIGN_ELEMENTS = 64;       // whole float repeats per core chunk and per tile
constexpr uint32_t MIN_CORE_ELEMENTS = 2048;  // below this, another core costs more than it saves
constexpr uint32_t UB_RESERVED_BYTES = 1024;

static uint32_t CeilDiv(uint64_t a, uint64_t b) { return static_cast<uint32_t>((a + b - 1) / b); }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (total == 0 || total > UINT32_MAX) {
        return ge::GRAPH_FAILED;
    }
    for (size_t input = 1; input < 3; ++input) {
        if (context->GetInputShape(input)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(total)) {
            return ge::GRAPH_FAILED;  // grad and velocity must match param element for element
        }
    }
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint32_t typeSize = isFloat ? 4 : 2;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    // Per element: three double-buffered inputs and two double-buffered outputs; fp16/bf16 also
    // need a float copy of each input, since the step is computed in float.
    const uint32_t bytesPerElement = BUFFER_NUM * 5 * typeSize + (isFloat ? 0 : 3 * sizeof(float));
    const uint32_t ubTile = (ubSize - UB_RESERVED_BYTES) / bytesPerElement / ALIGN_ELEMENTS * ALIGN_ELEMENTS;

    uint32_t coreNum = std::max<uint32_t>(1, std::min<uint32_t>(platform.GetCoreNumAiv(), CeilDiv(total, MIN_CORE_ELEMENTS)));
    const uint32_t coreLength = CeilDiv(CeilDiv(total, coreNum), ALIGN_ELEMENTS) * ALIGN_ELEMENTS;
    coreNum = CeilDiv(total, coreLength);

    SgdMomentumCustomTilingData tiling;
    tiling.set_coreLength(coreLength);
    tiling.set_lastCoreLength(static_cast<uint32_t>(total - uint64_t(coreNum - 1) * coreLength));
    tiling.set_tileLength(std::min(ubTile, coreLength));  // no larger than one core's share
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    tiling.set_lr(*attrs->GetFloat(0));
    tiling.set_momentum(*attrs->GetFloat(1));
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
    *context->GetOutputShape(1) = *context->GetInputShape(0);
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    context->SetOutputDataType(1, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class SgdMomentumCustom : public OpDef {
public:
    explicit SgdMomentumCustom(const char* name) : OpDef(name)
    {
        this->Input("param")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("grad")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("velocity")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("param_out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("velocity_out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("lr").AttrType(REQUIRED).Float(0.01f);
        this->Attr("momentum").AttrType(REQUIRED).Float(0.9f);
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(SgdMomentumCustom);
}  // namespace ops
"""

kernel_src = """
// SgdMomentumCustom: velocity_out = momentum * velocity + grad, param_out = param - lr * velocity_out.
// Each core streams its chunk through double-buffered tiles; DataCopyPad moves exactly the tail's
// bytes, so no element count needs padding. float is computed in place in the queue buffers;
// fp16/bf16 are widened to float, and param_out is taken from the float velocity_out, so each
// output is rounded once (CAST_RINT), as the float32 reference is.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

template <typename T>
class KernelSgdMomentum {
public:
    __aicore__ inline KernelSgdMomentum() {}
    __aicore__ inline void Init(GM_ADDR param, GM_ADDR grad, GM_ADDR velocity, GM_ADDR paramOut, GM_ADDR velocityOut,
                                const SgdMomentumCustomTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        length_ = block + 1 == GetBlockNum() ? tiling.lastCoreLength : tiling.coreLength;
        tileLength_ = tiling.tileLength;
        lr_ = tiling.lr;
        momentum_ = tiling.momentum;
        const uint64_t offset = static_cast<uint64_t>(block) * tiling.coreLength;
        paramGm_.SetGlobalBuffer((__gm__ T*)param + offset, length_);
        gradGm_.SetGlobalBuffer((__gm__ T*)grad + offset, length_);
        velocityGm_.SetGlobalBuffer((__gm__ T*)velocity + offset, length_);
        paramOutGm_.SetGlobalBuffer((__gm__ T*)paramOut + offset, length_);
        velocityOutGm_.SetGlobalBuffer((__gm__ T*)velocityOut + offset, length_);

        pipe_.InitBuffer(paramQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(gradQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(velocityQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(paramOutQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(velocityOutQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(paramFloatBuf_, tileLength_ * sizeof(float));
            pipe_.InitBuffer(gradFloatBuf_, tileLength_ * sizeof(float));
            pipe_.InitBuffer(velocityFloatBuf_, tileLength_ * sizeof(float));
        }
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
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        LocalTensor<T> paramLocal = paramQueue_.AllocTensor<T>();
        DataCopyPad(paramLocal, paramGm_[offset], params, pad);
        paramQueue_.EnQue(paramLocal);
        LocalTensor<T> gradLocal = gradQueue_.AllocTensor<T>();
        DataCopyPad(gradLocal, gradGm_[offset], params, pad);
        gradQueue_.EnQue(gradLocal);
        LocalTensor<T> velocityLocal = velocityQueue_.AllocTensor<T>();
        DataCopyPad(velocityLocal, velocityGm_[offset], params, pad);
        velocityQueue_.EnQue(velocityLocal);
    }

    // The step in float. velocity becomes velocity_out and param becomes param_out; grad is
    // overwritten with lr * velocity_out, so no extra buffer is needed.
    __aicore__ inline void Step(const LocalTensor<float>& param, const LocalTensor<float>& grad,
                                const LocalTensor<float>& velocity, uint32_t count)
    {
        Muls(velocity, velocity, momentum_, count);
        Add(velocity, velocity, grad, count);
        Muls(grad, velocity, lr_, count);
        Sub(param, param, grad, count);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> paramLocal = paramQueue_.DeQue<T>();
        LocalTensor<T> gradLocal = gradQueue_.DeQue<T>();
        LocalTensor<T> velocityLocal = velocityQueue_.DeQue<T>();
        LocalTensor<T> paramOut = paramOutQueue_.AllocTensor<T>();
        LocalTensor<T> velocityOut = velocityOutQueue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            // Write the results straight into the output tiles: velocityOut first, as param_out needs it.
            Muls(velocityOut, velocityLocal, momentum_, count);
            Add(velocityOut, velocityOut, gradLocal, count);
            Muls(gradLocal, velocityOut, lr_, count);
            Sub(paramOut, paramLocal, gradLocal, count);
        } else {
            LocalTensor<float> paramFloat = paramFloatBuf_.Get<float>();
            LocalTensor<float> gradFloat = gradFloatBuf_.Get<float>();
            LocalTensor<float> velocityFloat = velocityFloatBuf_.Get<float>();
            Cast(paramFloat, paramLocal, RoundMode::CAST_NONE, count);
            Cast(gradFloat, gradLocal, RoundMode::CAST_NONE, count);
            Cast(velocityFloat, velocityLocal, RoundMode::CAST_NONE, count);
            Step(paramFloat, gradFloat, velocityFloat, count);
            Cast(velocityOut, velocityFloat, RoundMode::CAST_RINT, count);
            Cast(paramOut, paramFloat, RoundMode::CAST_RINT, count);
        }
        paramOutQueue_.EnQue(paramOut);
        velocityOutQueue_.EnQue(velocityOut);
        paramQueue_.FreeTensor(paramLocal);
        gradQueue_.FreeTensor(gradLocal);
        velocityQueue_.FreeTensor(velocityLocal);
    }

    __aicore__ inline void CopyOut(uint32_t offset, uint32_t count)
    {
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        LocalTensor<T> paramOut = paramOutQueue_.DeQue<T>();
        DataCopyPad(paramOutGm_[offset], paramOut, params);
        paramOutQueue_.FreeTensor(paramOut);
        LocalTensor<T> velocityOut = velocityOutQueue_.DeQue<T>();
        DataCopyPad(velocityOutGm_[offset], velocityOut, params);
        velocityOutQueue_.FreeTensor(velocityOut);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> paramQueue_, gradQueue_, velocityQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> paramOutQueue_, velocityOutQueue_;
    TBuf<TPosition::VECCALC> paramFloatBuf_, gradFloatBuf_, velocityFloatBuf_;
    GlobalTensor<T> paramGm_, gradGm_, velocityGm_, paramOutGm_, velocityOutGm_;
    uint32_t length_ = 0;
    uint32_t tileLength_ = 0;
    float lr_ = 0.0f;
    float momentum_ = 0.0f;
};

extern "C" __global__ __aicore__ void sgd_momentum_custom(GM_ADDR param, GM_ADDR grad, GM_ADDR velocity, GM_ADDR param_out,
                                                   GM_ADDR velocity_out, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelSgdMomentum<DTYPE_PARAM> op;
    op.Init(param, grad, velocity, param_out, velocity_out, tilingData);
    op.Process();
}
"""

python_bind_src = """
#include <string>
#include <vector>

#include <torch/extension.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

std::tuple<at::Tensor, at::Tensor> sgd_momentum_custom_impl(const at::Tensor& param, const at::Tensor& grad,
                                                             const at::Tensor& velocity, double lr, double momentum)
{
    at::Tensor paramOut = at::empty_like(param);
    at::Tensor velocityOut = at::empty_like(param);
    float lrValue = static_cast<float>(lr);
    float momentumValue = static_cast<float>(momentum);
    EXEC_NPU_CMD(aclnnSgdMomentumCustom, param, grad, velocity, lrValue, momentumValue, paramOut, velocityOut);
    return std::make_tuple(paramOut, velocityOut);
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("sgd_momentum_custom", &sgd_momentum_custom_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("sgd_momentum_custom", &sgd_momentum_custom_impl, "velocity' = momentum * velocity + grad; param' = param - lr * velocity'"); }
"""

model_src = '''
import torch
import torch_npu
import custom_ops_lib


class ModelNew(torch.nn.Module):
    def __init__(self, lr, momentum):
        super().__init__()
        self.lr = lr
        self.momentum = momentum

    def forward(self, param, grad, velocity):
        return custom_ops_lib.sgd_momentum_custom(param, grad, velocity, self.lr, self.momentum)
'''
