# ReduceSumLastDimCustom: the sum over the last dimension, which is removed.
# An example answer in MultiKernelBench's six-string form, written for akgen's
# prompts from the built-in suite's ReduceSumLastDim answer.
project_json_src = '''
[{"op": "ReduceSumLastDimCustom", "language": "cpp",
  "input_desc": [
    {"name": "x", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]}],
  "output_desc": [
    {"name": "y", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]}]}]
'''

host_tiling_src = """
#ifndef REDUCE_SUM_LAST_DIM_CUSTOM_TILING_H
#define REDUCE_SUM_LAST_DIM_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ReduceSumLastDimCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rowLength);    // elements of the last dimension
TILING_DATA_FIELD_DEF(uint32_t, rowStride);    // elements between rows in UB (32-byte aligned for every dtype)
TILING_DATA_FIELD_DEF(uint32_t, rowsPerCore);  // rows of every core; the first tailCores cores take one more
TILING_DATA_FIELD_DEF(uint32_t, tailCores);
TILING_DATA_FIELD_DEF(uint32_t, tileRows);     // rows per UB tile
TILING_DATA_FIELD_DEF(uint32_t, sumStride);    // elements of a tile's sums in UB (tileRows, 32-byte aligned)
TILING_DATA_FIELD_DEF(uint32_t, workLength);   // floats of the reduction work buffer
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(ReduceSumLastDimCustom, ReduceSumLastDimCustomTilingData)
}  // namespace optiling
#endif  // REDUCE_SUM_LAST_DIM_CUSTOM_TILING_H
"""

host_operator_src = """
#include <algorithm>

#include "reduce_sum_last_dim_custom_tiling.h"
#include "register/op_def_registry.h"
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
    if (shape.GetDimNum() < 2) {
        return ge::GRAPH_FAILED;  // the output drops the last dimension and keeps at least one
    }
    const uint64_t rowLength = shape.GetDim(shape.GetDimNum() - 1);
    const uint64_t rows = rowLength == 0 ? 0 : shape.GetShapeSize() / rowLength;
    if (rows == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint32_t typeSize = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 4 : 2;
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    const uint32_t rowStride = (rowLength + ROW_ALIGN - 1) / ROW_ALIGN * ROW_ALIGN;
    const uint32_t repeats = (rowLength + FLOAT_REPEAT - 1) / FLOAT_REPEAT;
    const uint32_t workLength = (2 * repeats + FLOAT_BLOCK - 1) / FLOAT_BLOCK * FLOAT_BLOCK;
    // Fixed UB: float row, work buffer, one stats block, and the alignment slack of the float sums
    // and of the double-buffered y tiles.
    const uint64_t fixedBytes = rowStride * sizeof(float) + workLength * sizeof(float) + FLOAT_BLOCK * sizeof(float) +
                                ROW_ALIGN * sizeof(float) + BUFFER_NUM * ROW_ALIGN * typeSize + UB_RESERVED_BYTES;
    // Double-buffered x rows and y elements, and one float sum.
    const uint64_t bytesPerRow = BUFFER_NUM * (rowStride + 1ULL) * typeSize + sizeof(float);
    if (fixedBytes + bytesPerRow > ubSize) {
        return ge::GRAPH_FAILED;  // one row must fit in UB
    }
    const uint32_t coreNum = static_cast<uint32_t>(std::min<uint64_t>(platform.GetCoreNumAiv(), rows));
    const uint32_t rowsPerCore = rows / coreNum;
    const uint32_t tailCores = rows % coreNum;
    const uint32_t tileRows = static_cast<uint32_t>(std::min<uint64_t>(
        {(ubSize - fixedBytes) / bytesPerRow, rowsPerCore + (tailCores > 0 ? 1ULL : 0ULL), MAX_TILE_ROWS}));

    ReduceSumLastDimCustomTilingData tiling;
    tiling.set_rowLength(rowLength);
    tiling.set_rowStride(rowStride);
    tiling.set_rowsPerCore(rowsPerCore);
    tiling.set_tailCores(tailCores);
    tiling.set_tileRows(tileRows);
    tiling.set_sumStride((tileRows + ROW_ALIGN - 1) / ROW_ALIGN * ROW_ALIGN);
    tiling.set_workLength(workLength);
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
    gert::Shape* y = context->GetOutputShape(0);
    if (x->GetDimNum() < 2) {
        return GRAPH_FAILED;
    }
    y->SetDimNum(x->GetDimNum() - 1);
    for (size_t i = 0; i + 1 < x->GetDimNum(); ++i) {
        y->SetDim(i, x->GetDim(i));
    }
    return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class ReduceSumLastDimCustom : public OpDef {
public:
    explicit ReduceSumLastDimCustom(const char* name) : OpDef(name)
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
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
    }
};
OP_ADD(ReduceSumLastDimCustom);
}  // namespace ops
"""

kernel_src = """
// Sum over the last dimension. Rows are split over the cores; each core moves tiles of whole rows
// through double-buffered queues with DataCopyPad, which places every row on a 32-byte boundary in
// UB whatever its byte length. Each row is summed in float (fp16/bf16 rows are cast first) and its
// sum gathered into a float tile of sums, which is converted once and written as one contiguous run.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t FLOAT_BLOCK = 8;

template <typename T>
class KernelReduceSumLastDim {
public:
    __aicore__ inline KernelReduceSumLastDim() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ReduceSumLastDimCustomTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        rowLength_ = tiling.rowLength;
        rowStride_ = tiling.rowStride;
        tileRows_ = tiling.tileRows;
        rows_ = tiling.rowsPerCore + (block < tiling.tailCores ? 1 : 0);
        const uint32_t firstRow = block * tiling.rowsPerCore + (block < tiling.tailCores ? block : tiling.tailCores);
        xGm_.SetGlobalBuffer((__gm__ T*)x + static_cast<uint64_t>(firstRow) * rowLength_,
                             static_cast<uint64_t>(rows_) * rowLength_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + firstRow, rows_);
        // UB gap after each row, in 32-byte blocks, between its padded length and the row stride.
        rowGapBlocks_ = (rowStride_ * sizeof(T) - (rowLength_ * sizeof(T) + BLOCK_BYTES - 1) / BLOCK_BYTES * BLOCK_BYTES) /
                        BLOCK_BYTES;

        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileRows_ * rowStride_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tiling.sumStride * sizeof(T));
        pipe_.InitBuffer(rowBuf_, rowStride_ * sizeof(float));
        pipe_.InitBuffer(sumBuf_, tiling.sumStride * sizeof(float));
        pipe_.InitBuffer(workBuf_, tiling.workLength * sizeof(float));
        pipe_.InitBuffer(statBuf_, FLOAT_BLOCK * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        if (rows_ == 0) {
            return;
        }
        for (uint32_t done = 0; done < rows_; done += tileRows_) {
            const uint32_t count = rows_ - done < tileRows_ ? rows_ - done : tileRows_;
            CopyIn(done, count);
            Compute(count);
            CopyOut(done, count);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t row, uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
        DataCopyExtParams params(static_cast<uint16_t>(count), rowLength_ * sizeof(T), 0, rowGapBlocks_, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, 0);
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row) * rowLength_], params, pad);
        inQueue_.EnQue(xLocal);
    }

    // The sum of one float row, read back as a scalar.
    __aicore__ inline float RowSum(const LocalTensor<float>& x)
    {
        LocalTensor<float> stat = statBuf_.Get<float>();
        ReduceSum(stat, x, workBuf_.Get<float>(), rowLength_);
        Wait<HardEvent::V_S>();  // a scalar read of a vector result must wait for the vector pipe
        return stat.GetValue(0);
    }

    template <HardEvent event>
    __aicore__ inline void Wait()
    {
        event_t ready = static_cast<event_t>(GetTPipePtr()->FetchEventID<event>());
        SetFlag<event>(ready);
        WaitFlag<event>(ready);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.DeQue<T>();
        LocalTensor<float> sums = sumBuf_.Get<float>();
        for (uint32_t r = 0; r < count; ++r) {
            const uint32_t offset = r * rowStride_;
            if constexpr (IsSameType<T, float>::value) {
                sums.SetValue(r, RowSum(xLocal[offset]));
            } else {
                LocalTensor<float> row = rowBuf_.Get<float>();
                Cast(row, xLocal[offset], RoundMode::CAST_NONE, rowLength_);
                sums.SetValue(r, RowSum(row));
            }
        }
        inQueue_.FreeTensor(xLocal);
        Wait<HardEvent::S_V>();  // the vector pipe reads the sums the scalar unit wrote
        LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            Adds(yLocal, sums, 0.0f, count);
        } else {
            Cast(yLocal, sums, RoundMode::CAST_RINT, count);
        }
        outQueue_.EnQue(yLocal);
    }

    __aicore__ inline void CopyOut(uint32_t row, uint32_t count)
    {
        LocalTensor<T> yLocal = outQueue_.DeQue<T>();
        DataCopyExtParams params(1, count * sizeof(T), 0, 0, 0);
        DataCopyPad(yGm_[row], yLocal, params);
        outQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> rowBuf_, sumBuf_, workBuf_, statBuf_;
    GlobalTensor<T> xGm_, yGm_;
    uint32_t rowLength_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t rowGapBlocks_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t rows_ = 0;
};

extern "C" __global__ __aicore__ void reduce_sum_last_dim_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelReduceSumLastDim<DTYPE_X> op;
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

at::Tensor reduce_sum_last_dim_custom_impl(const at::Tensor& x)
{
    std::vector<int64_t> shape = x.sizes().vec();
    shape.pop_back();
    at::Tensor y = at::empty(shape, x.options());
    EXEC_NPU_CMD(aclnnReduceSumLastDimCustom, x, y);
    return y;
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("reduce_sum_last_dim_custom", &reduce_sum_last_dim_custom_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("reduce_sum_last_dim_custom", &reduce_sum_last_dim_custom_impl, "the sum over the last dimension, which is removed"); }
"""

model_src = '''
import torch
import torch_npu
import custom_ops_lib


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return custom_ops_lib.reduce_sum_last_dim_custom(x)
'''
