# L1LossCustom: mean(|predict - target|).
# An example answer in MultiKernelBench's six-string form, written for akgen's
# prompts from the built-in suite's MseLoss answer.
project_json_src = '''
[{"op": "L1LossCustom", "language": "cpp",
  "input_desc": [
    {"name": "predict", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]},
    {"name": "label", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]}],
  "output_desc": [
    {"name": "y", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]}],
  "attr": [
    {"name": "reduction", "param_type": "optional", "type": "string", "default_value": "mean"}]}]
'''

host_tiling_src = """
#ifndef L1_LOSS_CUSTOM_TILING_H
#define L1_LOSS_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(L1LossCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, coreLength);      // elements of every core but the last
TILING_DATA_FIELD_DEF(uint32_t, lastCoreLength);  // elements of the last core
TILING_DATA_FIELD_DEF(uint32_t, tileLength);      // elements per UB tile
TILING_DATA_FIELD_DEF(float, invTotal);           // 1 / element count, for the mean
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(L1LossCustom, L1LossCustomTilingData)
}  // namespace optiling
#endif  // L1_LOSS_CUSTOM_TILING_H
"""

host_operator_src = """
#include <algorithm>
#include <cstring>

#include "l1_loss_custom_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t BUFFER_NUM = 2;
constexpr uint32_t ALIGN_ELEMENTS = 64;        // whole float repeats per core chunk and per tile
constexpr uint32_t MIN_CORE_ELEMENTS = 2048;   // below this, another core costs more than it saves
constexpr uint32_t PARTIAL_BYTES = 32;         // one 32-byte slot per core in the workspace
constexpr uint32_t UB_RESERVED_BYTES = 8 * 1024;  // partials of all cores, stats and work buffers

static uint32_t CeilDiv(uint64_t a, uint64_t b) { return static_cast<uint32_t>((a + b - 1) / b); }

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (total == 0 || total > UINT32_MAX ||
        context->GetInputShape(1)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(total)) {
        return ge::GRAPH_FAILED;
    }
    const char* reduction = context->GetAttrs()->GetStr(0);
    if (reduction == nullptr || std::strcmp(reduction, "mean") != 0) {
        return ge::GRAPH_FAILED;  // this task implements reduction='mean' only
    }
    const uint32_t typeSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 4 : 2;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    // Per element: two double-buffered inputs and two float copies; ReduceSum's work buffer needs
    // one float per 64 elements, covered by rounding the tile down.
    const uint32_t bytesPerElement = BUFFER_NUM * 2 * typeSize + 2 * sizeof(float);
    const uint32_t tileLength =
        (ubSize - UB_RESERVED_BYTES) / (bytesPerElement + 1) / ALIGN_ELEMENTS * ALIGN_ELEMENTS;

    uint32_t coreNum = std::max<uint32_t>(1, std::min<uint32_t>(platform.GetCoreNumAiv(), CeilDiv(total, MIN_CORE_ELEMENTS)));
    const uint32_t coreLength = CeilDiv(CeilDiv(total, coreNum), ALIGN_ELEMENTS) * ALIGN_ELEMENTS;
    coreNum = CeilDiv(total, coreLength);

    L1LossCustomTilingData tiling;
    tiling.set_coreLength(coreLength);
    tiling.set_lastCoreLength(static_cast<uint32_t>(total - uint64_t(coreNum - 1) * coreLength));
    tiling.set_tileLength(tileLength);
    tiling.set_invTotal(static_cast<float>(1.0 / static_cast<double>(total)));
    context->SetBlockDim(coreNum);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    // SyncAll's system workspace, then one partial-sum slot per core.
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = platform.GetLibApiWorkSpaceSize() + static_cast<size_t>(coreNum) * PARTIAL_BYTES;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    context->GetOutputShape(0)->SetDimNum(0);  // a 0-d scalar
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class L1LossCustom : public OpDef {
public:
    explicit L1LossCustom(const char* name) : OpDef(name)
    {
        this->Input("predict")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("label")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("reduction").AttrType(OPTIONAL).String("mean");
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(L1LossCustom);
}  // namespace ops
"""

kernel_src = """
// L1LossCustom with reduction 'mean': y = sum(|predict - label|) / n, a 0-d output. Each core streams
// its chunk through double-buffered tiles and accumulates a float partial sum; the partials meet in
// the workspace (one 32-byte slot per core), and after SyncAll core 0 adds them and writes the mean.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOAT_BLOCK = 8;     // floats per 32-byte block, the size of a partial slot
constexpr uint32_t FLOAT_REPEAT = 64;

template <typename T>
class KernelL1Loss {
public:
    __aicore__ inline KernelL1Loss() {}
    __aicore__ inline void Init(GM_ADDR predict, GM_ADDR label, GM_ADDR y, GM_ADDR workspace,
                                const L1LossCustomTilingData& tiling)
    {
        block_ = GetBlockIdx();
        blockNum_ = GetBlockNum();
        length_ = block_ + 1 == blockNum_ ? tiling.lastCoreLength : tiling.coreLength;
        tileLength_ = tiling.tileLength;
        invTotal_ = tiling.invTotal;
        const uint64_t offset = static_cast<uint64_t>(block_) * tiling.coreLength;
        predictGm_.SetGlobalBuffer((__gm__ T*)predict + offset, length_);
        labelGm_.SetGlobalBuffer((__gm__ T*)label + offset, length_);
        yGm_.SetGlobalBuffer((__gm__ T*)y, 1);
        partialGm_.SetGlobalBuffer((__gm__ float*)GetUserWorkspace(workspace), blockNum_ * FLOAT_BLOCK);

        pipe_.InitBuffer(predictQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(labelQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(predictFloatBuf_, tileLength_ * sizeof(float));
        pipe_.InitBuffer(labelFloatBuf_, tileLength_ * sizeof(float));
        const uint32_t workLength = (tileLength_ / FLOAT_REPEAT + FLOAT_BLOCK - 1) / FLOAT_BLOCK * FLOAT_BLOCK + FLOAT_BLOCK;
        pipe_.InitBuffer(workBuf_, workLength * sizeof(float));
        pipe_.InitBuffer(accBuf_, FLOAT_BLOCK * sizeof(float));
        pipe_.InitBuffer(tileSumBuf_, FLOAT_BLOCK * sizeof(float));
        pipe_.InitBuffer(partialsBuf_, blockNum_ * FLOAT_BLOCK * sizeof(float));
        pipe_.InitBuffer(resultBuf_, FLOAT_BLOCK * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        LocalTensor<float> acc = accBuf_.Get<float>();
        Duplicate(acc, 0.0f, FLOAT_BLOCK);  // [sum, 0 x 7]: the slot core 0 will add up
        for (uint32_t done = 0; done < length_; done += tileLength_) {
            const uint32_t count = length_ - done < tileLength_ ? length_ - done : tileLength_;
            CopyIn(done, count);
            Accumulate(count);
        }
        WritePartial(acc);
        SyncAll();
        if (block_ == 0) {
            WriteMean();
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t offset, uint32_t count)
    {
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        LocalTensor<T> predictLocal = predictQueue_.AllocTensor<T>();
        DataCopyPad(predictLocal, predictGm_[offset], params, pad);
        predictQueue_.EnQue(predictLocal);
        LocalTensor<T> labelLocal = labelQueue_.AllocTensor<T>();
        DataCopyPad(labelLocal, labelGm_[offset], params, pad);
        labelQueue_.EnQue(labelLocal);
    }

    __aicore__ inline void Accumulate(uint32_t count)
    {
        LocalTensor<T> predictLocal = predictQueue_.DeQue<T>();
        LocalTensor<T> labelLocal = labelQueue_.DeQue<T>();
        LocalTensor<float> diff = predictFloatBuf_.Get<float>();
        if constexpr (IsSameType<T, float>::value) {
            Sub(diff, predictLocal, labelLocal, count);
        } else {
            LocalTensor<float> labelFloat = labelFloatBuf_.Get<float>();
            Cast(diff, predictLocal, RoundMode::CAST_NONE, count);
            Cast(labelFloat, labelLocal, RoundMode::CAST_NONE, count);
            Sub(diff, diff, labelFloat, count);
        }
        predictQueue_.FreeTensor(predictLocal);
        labelQueue_.FreeTensor(labelLocal);
        Abs(diff, diff, count);
        LocalTensor<float> tileSum = tileSumBuf_.Get<float>();
        ReduceSum(tileSum, diff, workBuf_.Get<float>(), count);
        LocalTensor<float> acc = accBuf_.Get<float>();
        Add(acc, acc, tileSum, 1);
    }

    __aicore__ inline void WritePartial(const LocalTensor<float>& acc)
    {
        event_t computed = static_cast<event_t>(GetTPipePtr()->FetchEventID<HardEvent::V_MTE3>());
        SetFlag<HardEvent::V_MTE3>(computed);
        WaitFlag<HardEvent::V_MTE3>(computed);
        DataCopy(partialGm_[block_ * FLOAT_BLOCK], acc, FLOAT_BLOCK);
    }

    __aicore__ inline void WriteMean()
    {
        LocalTensor<float> partials = partialsBuf_.Get<float>();
        DataCopy(partials, partialGm_, blockNum_ * FLOAT_BLOCK);
        event_t loaded = static_cast<event_t>(GetTPipePtr()->FetchEventID<HardEvent::MTE2_V>());
        SetFlag<HardEvent::MTE2_V>(loaded);
        WaitFlag<HardEvent::MTE2_V>(loaded);
        LocalTensor<float> result = resultBuf_.Get<float>();
        ReduceSum(result, partials, workBuf_.Get<float>(), blockNum_ * FLOAT_BLOCK);
        Muls(result, result, invTotal_, 1);
        LocalTensor<T> out = predictQueue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            Adds(out, result, 0.0f, 1);
        } else {
            Cast(out, result, RoundMode::CAST_RINT, 1);
        }
        event_t computed = static_cast<event_t>(GetTPipePtr()->FetchEventID<HardEvent::V_MTE3>());
        SetFlag<HardEvent::V_MTE3>(computed);
        WaitFlag<HardEvent::V_MTE3>(computed);
        DataCopyExtParams params(1, sizeof(T), 0, 0, 0);
        DataCopyPad(yGm_, out, params);
        predictQueue_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> predictQueue_, labelQueue_;
    TBuf<TPosition::VECCALC> predictFloatBuf_, labelFloatBuf_, workBuf_, accBuf_, tileSumBuf_, partialsBuf_, resultBuf_;
    GlobalTensor<T> predictGm_, labelGm_, yGm_;
    GlobalTensor<float> partialGm_;
    uint32_t block_ = 0;
    uint32_t blockNum_ = 0;
    uint32_t length_ = 0;
    uint32_t tileLength_ = 0;
    float invTotal_ = 0.0f;
};

extern "C" __global__ __aicore__ void l1_loss_custom(GM_ADDR predict, GM_ADDR label, GM_ADDR y, GM_ADDR workspace,
                                               GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelL1Loss<DTYPE_PREDICT> op;
    op.Init(predict, label, y, workspace, tilingData);
    op.Process();
}
"""

python_bind_src = """
#include <string>
#include <vector>

#include <torch/extension.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor l1_loss_custom_impl(const at::Tensor& predict, const at::Tensor& target)
{
    at::Tensor y = at::empty({}, predict.options());
    std::string reduction = "mean";
    EXEC_NPU_CMD(aclnnL1LossCustom, predict, target, reduction, y);
    return y;
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("l1_loss_custom", &l1_loss_custom_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("l1_loss_custom", &l1_loss_custom_impl, "mean(|predict - target|)"); }
"""

model_src = '''
import torch
import torch_npu
import custom_ops_lib


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predict, target):
        return custom_ops_lib.l1_loss_custom(predict, target)
'''
