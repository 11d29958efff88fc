// SoftmaxCustom test op: row softmax of a [rows, columns] float tensor, its tiling nesting the
// SoftMax API's optiling::SoftMaxTiling filled by SoftMaxTilingFunc for the minimum temporary space.
#include "register/op_def_registry.h"
#include "tiling/tiling_api.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SoftmaxCustomTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rows);
TILING_DATA_FIELD_DEF(uint32_t, columns);
TILING_DATA_FIELD_DEF_STRUCT(SoftMaxTiling, softmaxTiling);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(SoftmaxCustom, SoftmaxCustomTilingData)

static ge::graphStatus SoftmaxTiling(gert::TilingContext* context) {
  const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
  SoftmaxCustomTilingData tiling;
  tiling.set_rows(static_cast<uint32_t>(shape.GetDim(0)));
  tiling.set_columns(static_cast<uint32_t>(shape.GetDim(1)));
  const ge::Shape srcShape({shape.GetDim(0), shape.GetDim(1)});
  const uint32_t workSpace = AscendC::GetSoftMaxMinTmpSize(srcShape, sizeof(float), false);
  AscendC::SoftMaxTilingFunc(srcShape, sizeof(float), workSpace, tiling.softmaxTiling);
  context->SetBlockDim(1);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ops {
class SoftmaxCustom : public OpDef {
 public:
  explicit SoftmaxCustom(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->AICore().SetTiling(optiling::SoftmaxTiling).AddConfig("ascend910b");
  }
};
OP_ADD(SoftmaxCustom);
}  // namespace ops
