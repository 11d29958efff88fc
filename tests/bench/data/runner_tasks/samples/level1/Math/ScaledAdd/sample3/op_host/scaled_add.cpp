// A full candidate whose host tiling function dereferences a null pointer.
#include "register/op_def_registry.h"

namespace optiling {
static ge::graphStatus TilingFunc(gert::TilingContext* context) {
  (void)context;
  volatile int* volatile nowhere = nullptr;
  *nowhere = 1;
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
