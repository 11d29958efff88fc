// AttrProbe test op: tiling through IMPL_OP_OPTILING with a TilingParse compile info, every
// attribute kind, and optional and dynamic inputs. The tiling bytes record what it saw.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(AttrProbeTilingData)
TILING_DATA_FIELD_DEF(int64_t, count);
TILING_DATA_FIELD_DEF(float, eps);
TILING_DATA_FIELD_DEF(uint32_t, flag);
TILING_DATA_FIELD_DEF(uint32_t, modeLength);
TILING_DATA_FIELD_DEF(int64_t, dimsSum);
TILING_DATA_FIELD_DEF(uint32_t, coreNum);
TILING_DATA_FIELD_DEF(uint32_t, hasBias);
TILING_DATA_FIELD_DEF(uint32_t, listCount);
TILING_DATA_FIELD_DEF(int64_t, lastListSize);
TILING_DATA_FIELD_DEF(int64_t, dimsReadAsInt);
TILING_DATA_FIELD_DEF(uint32_t, anchorListCount);
TILING_DATA_FIELD_DEF(uint32_t, anchorListStart);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(AttrProbe, AttrProbeTilingData)

struct AttrProbeCompileInfo {
  uint32_t coreNum = 0;
};

static ge::graphStatus AttrProbeParse(gert::TilingParseContext* context) {
  auto* info = context->GetCompiledInfo<AttrProbeCompileInfo>();
  info->coreNum = platform_ascendc::PlatformAscendC(context->GetPlatformInfo()).GetCoreNumAiv();
  return ge::GRAPH_SUCCESS;
}

static ge::graphStatus AttrProbeTiling(gert::TilingContext* context) {
  const gert::RuntimeAttrs* attrs = context->GetAttrs();
  AttrProbeTilingData tiling;
  tiling.set_count(*attrs->GetInt(0));
  tiling.set_eps(*attrs->GetFloat(1));
  tiling.set_flag(*attrs->GetBool(2) ? 1 : 0);
  tiling.set_modeLength(static_cast<uint32_t>(std::strlen(attrs->GetStr(3))));
  const auto* dims = attrs->GetListInt(4);
  int64_t sum = 0;
  for (size_t i = 0; i < dims->GetSize(); ++i) sum += dims->GetData()[i];
  tiling.set_dimsSum(sum);
  // Tiling code spells the compile-info accessor GetCompileInfo<T> (TilingParse code GetCompiledInfo<T>).
  tiling.set_coreNum(context->GetCompileInfo<AttrProbeCompileInfo>()->coreNum);
  tiling.set_hasBias(context->GetOptionalInputShape(1) != nullptr ? 1 : 0);
  const uint32_t listCount = static_cast<uint32_t>(context->GetComputeNodeInputNum()) - 1 - tiling.get_hasBias();
  tiling.set_listCount(listCount);
  const gert::StorageShape* last = context->GetDynamicInputShape(2, listCount - 1);
  tiling.set_lastListSize(last ? last->GetStorageShape().GetShapeSize() : -1);
  // A list attribute read with a scalar getter, as Eye's tiling does: CANN returns its capacity.
  tiling.set_dimsReadAsInt(*attrs->GetInt(4));
  // The dynamic input's instances as ScatterList's tiling counts them.
  const gert::AnchorInstanceInfo* anchor = context->GetComputeNodeInfo()->GetInputInstanceInfo(2);
  tiling.set_anchorListCount(static_cast<uint32_t>(anchor->GetInstanceNum()));
  tiling.set_anchorListStart(static_cast<uint32_t>(anchor->GetInstanceStart()));
  context->SetBlockDim(1);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(AttrProbe).Tiling(AttrProbeTiling).TilingParse<AttrProbeCompileInfo>(AttrProbeParse);
}  // namespace optiling

namespace ops {
class AttrProbe : public OpDef {
 public:
  explicit AttrProbe(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Input("bias").ParamType(OPTIONAL).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Input("list").ParamType(DYNAMIC).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Attr("count").AttrType(REQUIRED).Int();
    this->Attr("eps").AttrType(OPTIONAL).Float(1e-5f);
    this->Attr("flag").AttrType(OPTIONAL).Bool(true);
    this->Attr("mode").AttrType(OPTIONAL).String("sum");
    this->Attr("dims").AttrType(OPTIONAL).ListInt({1, 2, 3});
    OpAICoreConfig config;
    config.DynamicCompileStaticFlag(true).DynamicRankSupportFlag(true).DynamicShapeSupportFlag(true);
    this->AICore().AddConfig("ascend910b", config);
  }
};
OP_ADD(AttrProbe);
}  // namespace ops
