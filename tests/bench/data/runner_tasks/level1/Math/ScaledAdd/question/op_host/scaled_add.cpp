// ScaledAdd test op (z = x + alpha * y) in NPUKernelBench's op_host layout: the elements are split
// evenly over 4 blocks of whole 32-byte blocks; any other length fails tiling with GRAPH_FAILED.
#include <cstdio>

#include "scaled_add_tiling.h"
#include "register/op_def_registry.h"

namespace optiling {
constexpr uint32_t BLOCKS = 4;
constexpr uint32_t ALIGN_ELEMENTS = 8;

static ge::graphStatus TilingFunc(gert::TilingContext* context) {
  const uint32_t totalLength = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
  if (totalLength == 0 || totalLength % (BLOCKS * ALIGN_ELEMENTS) != 0) {
    std::fprintf(stderr, "ScaledAdd: %u elements do not split into 4 blocks of whole 32-byte blocks\n", totalLength);
    return ge::GRAPH_FAILED;
  }
  ScaledAddTilingData tiling;
  tiling.set_totalLength(totalLength);
  tiling.set_blockLength(totalLength / BLOCKS);
  tiling.set_alpha(*context->GetAttrs()->GetFloat(0));
  context->SetBlockDim(BLOCKS);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  context->GetWorkspaceSizes(1)[0] = 0;
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ops {
class ScaledAdd : public OpDef {
 public:
  explicit ScaledAdd(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Input("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("z").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Attr("alpha").AttrType(OPTIONAL).Float(1.0f);
    this->AICore().SetTiling(optiling::TilingFunc);
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(ScaledAdd);
}  // namespace ops
