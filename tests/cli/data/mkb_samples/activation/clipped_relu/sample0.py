# A MultiKernelBench six-string answer for activation/clipped_relu (tests/bench/data/mkb_tree),
# written for akgen's tests: min(max(x, 0), ceiling) over 8 blocks of whole tiles.
project_json_src = '''
[{"op": "ClippedReluCustom", "language": "cpp",
  "input_desc": [{"name": "x", "param_type": "required", "format": ["ND"], "type": ["float"]}],
  "output_desc": [{"name": "y", "param_type": "required", "format": ["ND"], "type": ["float"]}],
  "attr": [{"name": "ceiling", "param_type": "optional", "type": "float", "default_value": "1.0"}]}]
'''

host_tiling_src = """
#include "register/tilingdata_base.h"
namespace optiling {
BEGIN_TILING_DATA_DEF(ClippedReluCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, blockLength);
TILING_DATA_FIELD_DEF(uint32_t, tileLength);
TILING_DATA_FIELD_DEF(float, ceiling);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(ClippedReluCustom, ClippedReluCustomTilingData)
}
"""

host_operator_src = """
#include "clipped_relu_custom_tiling.h"
#include "register/op_def_registry.h"

namespace optiling {
constexpr uint32_t kBlocks = 8;
constexpr uint32_t kTileLength = 4000;

static ge::graphStatus TilingFunc(gert::TilingContext* context) {
  ClippedReluCustomTilingData tiling;
  const uint32_t total = context->GetInputShape(0)->GetOriginShape().GetShapeSize();
  tiling.set_blockLength(total / kBlocks);
  tiling.set_tileLength(kTileLength);
  tiling.set_ceiling(*context->GetAttrs()->GetAttrPointer<float>(0));
  context->SetBlockDim(kBlocks);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  context->GetWorkspaceSizes(1)[0] = 0;
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static ge::graphStatus InferShape(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class ClippedReluCustom : public OpDef {
 public:
  explicit ClippedReluCustom(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Attr("ceiling").AttrType(OPTIONAL).Float(1.0);
    this->SetInferShape(ge::InferShape);
    this->AICore().SetTiling(optiling::TilingFunc);
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(ClippedReluCustom);
}  // namespace ops
"""

kernel_src = """
#include "kernel_operator.h"

class ClippedRelu {
 public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t blockLength, uint32_t tileLength, float ceiling) {
    blockLength_ = blockLength;
    tileLength_ = tileLength;
    ceiling_ = ceiling;
    xGm_.SetGlobalBuffer((__gm__ float*)x + blockLength * AscendC::GetBlockIdx(), blockLength);
    yGm_.SetGlobalBuffer((__gm__ float*)y + blockLength * AscendC::GetBlockIdx(), blockLength);
    pipe_.InitBuffer(in_, 2, tileLength * sizeof(float));
    pipe_.InitBuffer(out_, 2, tileLength * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t offset = 0; offset < blockLength_; offset += tileLength_) {
      AscendC::LocalTensor<float> x = in_.AllocTensor<float>();
      AscendC::DataCopy(x, xGm_[offset], tileLength_);
      in_.EnQue(x);
      x = in_.DeQue<float>();
      AscendC::LocalTensor<float> y = out_.AllocTensor<float>();
      AscendC::Maxs(y, x, 0.0f, tileLength_);
      AscendC::Mins(y, y, ceiling_, tileLength_);
      out_.EnQue(y);
      in_.FreeTensor(x);
      y = out_.DeQue<float>();
      AscendC::DataCopy(yGm_[offset], y, tileLength_);
      out_.FreeTensor(y);
    }
  }

 private:
  AscendC::TPipe pipe_;
  AscendC::TQue<AscendC::QuePosition::VECIN, 2> in_;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 2> out_;
  AscendC::GlobalTensor<float> xGm_, yGm_;
  uint32_t blockLength_ = 0, tileLength_ = 0;
  float ceiling_ = 0;
};

extern "C" __global__ __aicore__ void clipped_relu_custom(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA(tilingData, tiling);
  ClippedRelu op;
  op.Init(x, y, tilingData.blockLength, tilingData.tileLength, tilingData.ceiling);
  op.Process();
}
"""

python_bind_src = """
#include <torch/library.h>
#include "pytorch_npu_helper.hpp"
#include <torch/extension.h>

at::Tensor clipped_relu_impl(const at::Tensor& x, double ceiling) {
  at::Tensor y = at::empty_like(x);
  EXEC_NPU_CMD(aclnnClippedReluCustom, x, ceiling, y);
  return y;
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("clipped_relu_custom", &clipped_relu_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("clipped_relu_custom", &clipped_relu_impl, "clipped ReLU"); }
"""

model_src = '''
import torch
import torch_npu
import custom_ops_lib


class ModelNew(torch.nn.Module):
    def __init__(self, ceiling):
        super().__init__()
        self.ceiling = ceiling

    def forward(self, x):
        return custom_ops_lib.clipped_relu_custom(x, self.ceiling)
'''
