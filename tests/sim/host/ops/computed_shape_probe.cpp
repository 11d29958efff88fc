// ComputedShapeProbe test op: two outputs, the second of which only the kernel knows the shape of
// (OutputShapeDependOnCompute), as MaskedSelect or NonZero declare it.
#include "register/op_def_registry.h"

namespace ops {
class ComputedShapeProbe : public OpDef {
 public:
  explicit ComputedShapeProbe(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("count").ParamType(REQUIRED).DataType({ge::DT_INT64}).Format({ge::FORMAT_ND});
    this->Output("selected")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT})
        .Format({ge::FORMAT_ND})
        .OutputShapeDependOnCompute();
  }
};
OP_ADD(ComputedShapeProbe);
}  // namespace ops
