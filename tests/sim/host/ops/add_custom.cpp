// AddCustom test op (z = (x + y) * factor): OpDef, infer functions and a tiling function in the
// style of NPUKernelBench op_host files. Splits the elements over up to 8 blocks in 8-element
// chunks; the attribute "factor" (default 1.0) lands in the nested struct.
#include "add_custom_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t MAX_BLOCKS = 8;
constexpr uint32_t CHUNK = 8;

static ge::graphStatus TilingFunc(gert::TilingContext* context) {
  AddCustomTilingData tiling;
  const uint32_t totalLength = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  const uint32_t blocks = std::min<uint32_t>({MAX_BLOCKS, platform.GetCoreNumAiv(), totalLength / CHUNK});
  if (blocks == 0 || totalLength % CHUNK != 0) return ge::GRAPH_FAILED;
  const uint32_t chunks = totalLength / CHUNK;
  uint32_t lengths[MAX_BLOCKS] = {};
  for (uint32_t block = 0; block < blocks; ++block) {
    lengths[block] = (chunks / blocks + (block < chunks % blocks ? 1 : 0)) * CHUNK;
  }
  tiling.set_totalLength(totalLength);
  tiling.set_usedBlocks(static_cast<uint16_t>(blocks));
  tiling.set_blockLength(lengths);
  const float factor = *context->GetAttrs()->GetFloat(0);
  tiling.scale.set_enabled(factor != 1.0f ? 1 : 0);
  tiling.scale.set_factor(factor);
  tiling.set_checksum(0x0123456789ABCDEFull);
  context->SetBlockDim(blocks);
  context->SetTilingKey(context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 1 : 2);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  size_t* workspace = context->GetWorkspaceSizes(1);
  workspace[0] = 1024;
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context) {
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context) {
  context->SetOutputDataType(0, context->GetInputDataType(0));
  return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class AddCustom : public OpDef {
 public:
  explicit AddCustom(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND})
        .UnknownShapeFormat({ge::FORMAT_ND, ge::FORMAT_ND}).AutoContiguous();
    this->Input("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("z").ParamType(REQUIRED).DataType({ge::DT_FLOAT, ge::DT_FLOAT16}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Attr("factor").AttrType(OPTIONAL).Float(1.0f);
    this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
    this->AICore().SetTiling(optiling::TilingFunc);
    this->AICore().AddConfig("ascend910b");
    this->AICore().AddConfig("ascend910_93");
  }
};
OP_ADD(AddCustom);
}  // namespace ops
