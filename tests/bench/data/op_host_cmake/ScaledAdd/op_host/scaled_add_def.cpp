// ScaledAdd's op definition and shape inference (the opsproto and op_host_aclnn targets).
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "scaled_add_common.h"

namespace ops {
static ge::graphStatus InferShapeForScaledAdd(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  return optiling::BlockCount(32) == 4 ? ge::GRAPH_SUCCESS : ge::GRAPH_FAILED;
}

IMPL_OP_INFERSHAPE(ScaledAdd).InferShape(InferShapeForScaledAdd);

class ScaledAdd : public OpDef {
 public:
  explicit ScaledAdd(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Input("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("z").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Attr("alpha").AttrType(OPTIONAL).Float(1.0f);
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(ScaledAdd);
}  // namespace ops
