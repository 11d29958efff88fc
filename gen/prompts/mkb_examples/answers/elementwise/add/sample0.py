# AddCustom: z = x + y, elementwise.
# An example answer in MultiKernelBench's six-string form, written for akgen's
# prompts from the built-in suite's Maximum answer.
project_json_src = '''
[{"op": "AddCustom", "language": "cpp",
  "input_desc": [
    {"name": "x1", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]},
    {"name": "x2", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]}],
  "output_desc": [
    {"name": "y", "param_type": "required", "format": ["ND", "ND", "ND"], "type": ["float16", "bfloat16", "float"]}]}]
'''

host_tiling_src = """
// Tiling data of AddCustom: the elements are split over the cores in units of UNIT_ELEMS (256)
// elements; the first bigCoreNum cores take one unit more than the others.
#ifndef ADD_CUSTOM_TILING_H
#define ADD_CUSTOM_TILING_H
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AddCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);  // elements of the output
TILING_DATA_FIELD_DEF(uint32_t, tileLength);   // elements per UB tile, a multiple of UNIT_ELEMS
TILING_DATA_FIELD_DEF(uint32_t, unitsPerCore); // units every core processes
TILING_DATA_FIELD_DEF(uint32_t, bigCoreNum);   // leading cores that process one unit more
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(AddCustom, AddCustomTilingData)
} // namespace optiling
#endif // ADD_CUSTOM_TILING_H
"""

host_operator_src = """
// AddCustom host side: splits the elements over the vector cores and sizes the UB tiles.
#include <algorithm>
#include <cstdint>

#include "add_custom_tiling.h"
#include "graph/utils/type_utils.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
// Split unit in elements: keeps every core's share 32-byte aligned in GM for all dtypes.
constexpr uint64_t UNIT_ELEMS = 256;
constexpr uint64_t BUFFER_NUM = 2;

// UB bytes one element needs across all buffers the kernel allocates for this dtype.
static uint64_t UbBytesPerElement(ge::DataType dataType, uint64_t typeSize)
{
    // double-buffered tiles of the 2 input(s) and the output, plus one float tile per input
    // for float16/bfloat16, which are computed in float
    return BUFFER_NUM * 3 * typeSize + (dataType == ge::DT_FLOAT ? 0 : 2 * sizeof(float));
}

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    const ge::DataType dataType = context->GetInputDesc(0)->GetDataType();
    uint32_t typeSize = 0;
    const uint64_t totalLength = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (!ge::TypeUtils::GetDataTypeLength(dataType, typeSize) || totalLength == 0 || totalLength > UINT32_MAX) {
        return ge::GRAPH_FAILED;
    }
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t units = (totalLength + UNIT_ELEMS - 1) / UNIT_ELEMS;
    const uint64_t coreNum = std::min<uint64_t>(platform.GetCoreNumAiv(), units);
    const uint64_t unitsPerCore = units / coreNum;
    const uint64_t bigCoreNum = units % coreNum;
    const uint64_t ubTile = ubSize / UbBytesPerElement(dataType, typeSize) / UNIT_ELEMS * UNIT_ELEMS;
    const uint64_t largestShare = (unitsPerCore + (bigCoreNum > 0 ? 1 : 0)) * UNIT_ELEMS;

    AddCustomTilingData tiling;
    tiling.set_totalLength(static_cast<uint32_t>(totalLength));
    tiling.set_tileLength(static_cast<uint32_t>(std::min(ubTile, largestShare)));
    tiling.set_unitsPerCore(static_cast<uint32_t>(unitsPerCore));
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspace = context->GetWorkspaceSizes(1);
    workspace[0] = 0;
    return ge::GRAPH_SUCCESS;
}
} // namespace optiling

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
} // namespace ge

namespace ops {
class AddCustom : public OpDef {
public:
    explicit AddCustom(const char* name) : OpDef(name)
    {
        this->Input("x1")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("x2")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND})
            .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(AddCustom);
} // namespace ops
"""

kernel_src = """
// AddCustom: y = x1 + x2, elementwise.
// Each core streams its share through UB in double-buffered tiles. float is computed directly;
// float16 and bfloat16 are widened to float, computed and rounded once to nearest-even, so the
// result is the correctly rounded float result (vector arithmetic has no bfloat16 form).
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;     // double buffering: copy-in of tile i+1 overlaps compute of tile i
constexpr uint32_t UNIT_ELEMS = 256;  // the tiling's split unit

__aicore__ inline uint32_t MinU32(uint32_t a, uint32_t b) { return a < b ? a : b; }

template <typename T>
class KernelAdd {
public:
    __aicore__ inline KernelAdd() {}
    __aicore__ inline void Init(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, uint32_t totalLength, uint32_t tileLength, uint32_t unitsPerCore,
                                uint32_t bigCoreNum)
    {
        InitRange(totalLength, tileLength, unitsPerCore, bigCoreNum);
        x1Gm.SetGlobalBuffer((__gm__ T*)x1 + coreStart, coreLength);
        x2Gm.SetGlobalBuffer((__gm__ T*)x2 + coreStart, coreLength);
        yGm.SetGlobalBuffer((__gm__ T*)y + coreStart, coreLength);
        pipe.InitBuffer(inQueue0, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(inQueue1, BUFFER_NUM, tileLength * sizeof(T));
        pipe.InitBuffer(outQueue, BUFFER_NUM, tileLength * sizeof(T));
        if constexpr (!std::is_same_v<T, float>) {
            pipe.InitBuffer(floatBuf0, tileLength * sizeof(float));
            pipe.InitBuffer(floatBuf1, tileLength * sizeof(float));
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
        LocalTensor<T> out = outQueue.AllocTensor<T>();
        if constexpr (std::is_same_v<T, float>) {
            ComputeFloat(out, in0, in1, count);
        } else {
            LocalTensor<float> a0 = floatBuf0.Get<float>();
            Cast(a0, in0, RoundMode::CAST_NONE, count);
            LocalTensor<float> a1 = floatBuf1.Get<float>();
            Cast(a1, in1, RoundMode::CAST_NONE, count);
            ComputeFloat(a0, a0, a1, count);
            Cast(out, a0, RoundMode::CAST_RINT, count);
        }
        outQueue.EnQue(out);
        inQueue0.FreeTensor(in0);
        inQueue1.FreeTensor(in1);
    }

    // r may alias a0: every step is elementwise.
    __aicore__ inline void ComputeFloat(const LocalTensor<float>& r, const LocalTensor<float>& a0, const LocalTensor<float>& a1, uint32_t count)
    {
        Add(r, a0, a1, count);
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
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue1;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue;
    TBuf<QuePosition::VECCALC> floatBuf0;
    TBuf<QuePosition::VECCALC> floatBuf1;
    GlobalTensor<T> x1Gm;
    GlobalTensor<T> x2Gm;
    GlobalTensor<T> yGm;
    uint32_t coreStart = 0;
    uint32_t coreLength = 0;
    uint32_t tileLength = 0;
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelAdd<DTYPE_X1> op;
    op.Init(x1, x2, y, tilingData.totalLength, tilingData.tileLength, tilingData.unitsPerCore,
            tilingData.bigCoreNum);
    op.Process();
}
"""

python_bind_src = """
#include <string>
#include <vector>

#include <torch/extension.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor add_custom_impl(const at::Tensor& x, const at::Tensor& y)
{
    at::Tensor z = at::empty_like(x);
    EXEC_NPU_CMD(aclnnAddCustom, x, y, z);
    return z;
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("add_custom", &add_custom_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("add_custom", &add_custom_impl, "z = x + y, elementwise"); }
"""

model_src = '''
import torch
import torch_npu
import custom_ops_lib


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        return custom_ops_lib.add_custom(x, y)
'''
