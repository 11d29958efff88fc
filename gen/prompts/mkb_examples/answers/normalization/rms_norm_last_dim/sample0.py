# RmsNormLastDimCustom: x / sqrt(mean(x^2 over the last dim) + eps) * gamma.
# An example answer in MultiKernelBench's six-string form, written for akgen's
# prompts from the built-in suite's RmsNorm answer.
project_json_src = '''
[{"op": "RmsNormLastDimCustom", "language": "cpp",
  "input_desc": [
    {"name": "x", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]},
    {"name": "gamma", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]}],
  "output_desc": [
    {"name": "y", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]}],
  "attr": [
    {"name": "epsilon", "param_type": "optional", "type": "float", "default_value": "1e-6"}]}]
'''

host_tiling_src = """
#ifndef RMS_NORM_LAST_DIM_CUSTOM_TILING_H
#define RMS_NORM_LAST_DIM_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(RmsNormLastDimCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rowLength);    // elements of the last dimension
TILING_DATA_FIELD_DEF(uint32_t, rowStride);    // elements between rows in UB (32-byte aligned for every dtype)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);  // rows of every core; the first tailCores cores take one more
TILING_DATA_FIELD_DEF(uint32_t, tailCores);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);     // rows per UB tile
TILING_DATA_FIELD_DEF(uint32_t, workLength);   // floats of the reduction work buffer
TILING_DATA_FIELD_DEF(float, epsilon);
TILING_DATA_FIELD_DEF(float, invRowLength);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(RmsNormLastDimCustom, RmsNormLastDimCustomTilingData)
}  // namespace optiling
#endif  // RMS_NORM_LAST_DIM_CUSTOM_TILING_H
"""

host_operator_src = """
#include <algorithm>

#include "register/op_def_registry.h"
#include "rms_norm_last_dim_custom_tiling.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t BUFFER_NUM = 2;
constexpr uint32_t ROW_ALIGN = 16;         // 16 elements are 32 bytes of fp16/bf16 and 64 of float
constexpr uint32_t FLOAT_REPEAT = 64;      // floats per vector repeat
constexpr uint32_t FLOAT_BLOCK = 8;        // floats per 32-byte block
constexpr uint32_t MAX_TILE_ROWS = 4095;   // DataCopyPad's blockCount limit
constexpr uint32_t UB_RESERVED_BYTES = 1024;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    if (shape.GetDimNum() == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rowLength = shape.GetDim(shape.GetDimNum() - 1);
    const uint64_t rows = rowLength == 0 ? 0 : shape.GetShapeSize() / rowLength;
    if (rows == 0 || context->GetInputShape(1)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(rowLength)) {
        return ge::GRAPH_FAILED;
    }
    const uint32_t typeSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 4 : 2;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    const uint32_t rowStride = (rowLength + ROW_ALIGN - 1) / ROW_ALIGN * ROW_ALIGN;
    const uint32_t repeats = (rowLength + FLOAT_REPEAT - 1) / FLOAT_REPEAT;
    const uint32_t workLength = (2 * repeats + FLOAT_BLOCK - 1) / FLOAT_BLOCK * FLOAT_BLOCK;
    // Fixed UB: float row, float square, float gamma, gamma staging, work buffer, one stats block.
    const uint64_t fixedBytes = 3ULL * rowStride * sizeof(float) + rowStride * typeSize +
                                workLength * sizeof(float) + FLOAT_BLOCK * sizeof(float) + UB_RESERVED_BYTES;
    const uint64_t bytesPerRow = BUFFER_NUM * 2ULL * rowStride * typeSize;  // double-buffered x and y
    if (fixedBytes + bytesPerRow > ubSize) {
        return ge::GRAPH_FAILED;  // one row must fit in UB
    }
    const uint32_t coreNum = static_cast<uint32_t>(std::min<uint64_t>(platform.GetCoreNumAiv(), rows));
    const uint32_t rowsPerCore = rows / coreNum;
    const uint32_t tailCores = rows % coreNum;
    const uint32_t tileRows = static_cast<uint32_t>(std::min<uint64_t>(
        {(ubSize - fixedBytes) / bytesPerRow, rowsPerCore + (tailCores > 0 ? 1ULL : 0ULL), MAX_TILE_ROWS}));

    RmsNormLastDimCustomTilingData tiling;
    tiling.set_rowLength(rowLength);
    tiling.set_rowStride(rowStride);
    tiling.set_rowsPerCore(rowsPerCore);
    tiling.set_tailCores(tailCores);
    tiling.set_tileRows(tileRows);
    tiling.set_workLength(workLength);
    tiling.set_epsilon(*context->GetAttrs()->GetFloat(0));
    tiling.set_invRowLength(1.0f / static_cast<float>(rowLength));
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
class RmsNormLastDimCustom : public OpDef {
public:
    explicit RmsNormLastDimCustom(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("gamma")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("epsilon").AttrType(OPTIONAL).Float(1e-6f);
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(RmsNormLastDimCustom);
}  // namespace ops
"""

kernel_src = """
// RmsNormLastDimCustom over the last dimension: y = x * rsqrt(mean(x^2) + epsilon) * gamma. Rows are split over
// the cores; each core moves tiles of whole rows through double-buffered queues with DataCopyPad,
// which places every row on a 32-byte boundary in UB whatever its byte length. Statistics are
// computed in float per row; fp16/bf16 rows are cast to float first.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t FLOAT_BLOCK = 8;

template <typename T>
class KernelRmsNormLastDim {
public:
    __aicore__ inline KernelRmsNormLastDim() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, const RmsNormLastDimCustomTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        rowLength_ = tiling.rowLength;
        rowStride_ = tiling.rowStride;
        tileRows_ = tiling.tileRows;
        epsilon_ = tiling.epsilon;
        invRowLength_ = tiling.invRowLength;
        rows_ = tiling.rowsPerCore + (block < tiling.tailCores ? 1 : 0);
        const uint32_t firstRow = block * tiling.rowsPerCore + (block < tiling.tailCores ? block : tiling.tailCores);
        const uint64_t offset = static_cast<uint64_t>(firstRow) * rowLength_;
        xGm_.SetGlobalBuffer((__gm__ T*)x + offset, static_cast<uint64_t>(rows_) * rowLength_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + offset, static_cast<uint64_t>(rows_) * rowLength_);
        gammaGm_.SetGlobalBuffer((__gm__ T*)gamma, rowLength_);
        // UB gap after each row, in 32-byte blocks, between its padded length and the row stride.
        rowGapBlocks_ = (rowStride_ * sizeof(T) - (rowLength_ * sizeof(T) + BLOCK_BYTES - 1) / BLOCK_BYTES * BLOCK_BYTES) /
                        BLOCK_BYTES;

        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileRows_ * rowStride_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileRows_ * rowStride_ * sizeof(T));
        pipe_.InitBuffer(rowBuf_, rowStride_ * sizeof(float));
        pipe_.InitBuffer(squareBuf_, rowStride_ * sizeof(float));
        pipe_.InitBuffer(gammaBuf_, rowStride_ * sizeof(float));
        pipe_.InitBuffer(gammaStageBuf_, rowStride_ * sizeof(T));
        pipe_.InitBuffer(workBuf_, tiling.workLength * sizeof(float));
        pipe_.InitBuffer(statBuf_, FLOAT_BLOCK * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        if (rows_ == 0) {
            return;
        }
        LoadGamma();
        for (uint32_t done = 0; done < rows_; done += tileRows_) {
            const uint32_t count = rows_ - done < tileRows_ ? rows_ - done : tileRows_;
            CopyIn(done, count);
            Compute(count);
            CopyOut(done, count);
        }
    }

private:
    __aicore__ inline void LoadGamma()
    {
        LocalTensor<T> stage = gammaStageBuf_.Get<T>();
        DataCopyExtParams params(1, rowLength_ * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        DataCopyPad(stage, gammaGm_, params, pad);
        event_t loaded = static_cast<event_t>(GetTPipePtr()->FetchEventID<HardEvent::MTE2_V>());
        SetFlag<HardEvent::MTE2_V>(loaded);
        WaitFlag<HardEvent::MTE2_V>(loaded);
        LocalTensor<float> gammaFloat = gammaBuf_.Get<float>();
        if constexpr (IsSameType<T, float>::value) {
            Adds(gammaFloat, stage, 0.0f, rowLength_);
        } else {
            Cast(gammaFloat, stage, RoundMode::CAST_NONE, rowLength_);
        }
    }

    __aicore__ inline void CopyIn(uint32_t row, uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
        DataCopyExtParams params(static_cast<uint16_t>(count), rowLength_ * sizeof(T), 0, rowGapBlocks_, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row) * rowLength_], params, pad);
        inQueue_.EnQue(xLocal);
    }

    // y = x * rsqrt(sum(x^2) / n + epsilon) * gamma for one row in float.
    __aicore__ inline void NormalizeRow(const LocalTensor<float>& y, const LocalTensor<float>& x)
    {
        LocalTensor<float> square = squareBuf_.Get<float>();
        LocalTensor<float> stat = statBuf_.Get<float>();
        Mul(square, x, x, rowLength_);
        ReduceSum(stat, square, workBuf_.Get<float>(), rowLength_);
        Muls(stat, stat, invRowLength_, 1);
        Adds(stat, stat, epsilon_, 1);
        Rsqrt(stat, stat, 1);
        event_t ready = static_cast<event_t>(GetTPipePtr()->FetchEventID<HardEvent::V_S>());
        SetFlag<HardEvent::V_S>(ready);
        WaitFlag<HardEvent::V_S>(ready);
        const float rstd = stat.GetValue(0);
        Muls(y, x, rstd, rowLength_);
        Mul(y, y, gammaBuf_.Get<float>(), rowLength_);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.DeQue<T>();
        LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
        for (uint32_t r = 0; r < count; ++r) {
            const uint32_t offset = r * rowStride_;
            if constexpr (IsSameType<T, float>::value) {
                NormalizeRow(yLocal[offset], xLocal[offset]);
            } else {
                LocalTensor<float> row = rowBuf_.Get<float>();
                Cast(row, xLocal[offset], RoundMode::CAST_NONE, rowLength_);
                NormalizeRow(row, row);
                Cast(yLocal[offset], row, RoundMode::CAST_RINT, rowLength_);
            }
        }
        outQueue_.EnQue(yLocal);
        inQueue_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(uint32_t row, uint32_t count)
    {
        LocalTensor<T> yLocal = outQueue_.DeQue<T>();
        DataCopyExtParams params(static_cast<uint16_t>(count), rowLength_ * sizeof(T), rowGapBlocks_, 0, 0);
        DataCopyPad(yGm_[static_cast<uint64_t>(row) * rowLength_], yLocal, params);
        outQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> rowBuf_, squareBuf_, gammaBuf_, gammaStageBuf_, workBuf_, statBuf_;
    GlobalTensor<T> xGm_, gammaGm_, yGm_;
    uint32_t rowLength_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t rowGapBlocks_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t rows_ = 0;
    float epsilon_ = 0.0f;
    float invRowLength_ = 0.0f;
};

extern "C" __global__ __aicore__ void rms_norm_last_dim_custom(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelRmsNormLastDim<DTYPE_X> op;
    op.Init(x, gamma, y, tilingData);
    op.Process();
}
"""

python_bind_src = """
#include <string>
#include <vector>

#include <torch/extension.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor rms_norm_last_dim_custom_impl(const at::Tensor& x, const at::Tensor& gamma, double eps)
{
    at::Tensor y = at::empty_like(x);
    float epsilon = static_cast<float>(eps);
    EXEC_NPU_CMD(aclnnRmsNormLastDimCustom, x, gamma, epsilon, y);
    return y;
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("rms_norm_last_dim_custom", &rms_norm_last_dim_custom_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("rms_norm_last_dim_custom", &rms_norm_last_dim_custom_impl, "x / sqrt(mean(x^2 over the last dim) + eps) * gamma"); }
"""

model_src = '''
import torch
import torch_npu
import custom_ops_lib


class ModelNew(torch.nn.Module):
    def __init__(self, eps):
        super().__init__()
        self.eps = eps

    def forward(self, x, gamma):
        return custom_ops_lib.rms_norm_last_dim_custom(x, gamma, self.eps)
'''
