// ScaleCustom test op (y = x * alpha + bias): standard-struct tiling through GetTilingData<T>,
// attributes with defaults read through GetAttrPointer.
#include "register/op_def_registry.h"
#include "scale_custom_tiling.h"

namespace optiling {
static ge::graphStatus ScaleTiling(gert::TilingContext* context) {
  ScaleCustomTilingData* tiling = context->GetTilingData<ScaleCustomTilingData>();
  const gert::RuntimeAttrs* attrs = context->GetAttrs();
  tiling->totalLength = static_cast<uint32_t>(context->GetInputTensor(0)->GetShapeSize());
  tiling->alpha = *attrs->GetAttrPointer<float>(0);
  tiling->bias = *attrs->GetAttrPointer<int32_t>(1);  // Int attributes are int64_t; real code reads narrower
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ops {
class ScaleCustom : public OpDef {
 public:
  explicit ScaleCustom(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Attr("alpha").AttrType(OPTIONAL).Float(2.0f);
    this->Attr("bias").AttrType(OPTIONAL).Int(1);
    this->AICore().SetTiling(optiling::ScaleTiling).AddConfig("ascend910b");
  }
};
OP_ADD(ScaleCustom);
}  // namespace ops
