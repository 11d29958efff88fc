// ScaledAdd's tiling (the optiling target), registered by op type as CANN answers do.
#include "register/op_impl_registry.h"
#include "scaled_add_common.h"
#include "scaled_add_tiling.h"

namespace optiling {
static ge::graphStatus TilingForScaledAdd(gert::TilingContext* context) {
  const uint32_t totalLength = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
  const uint32_t blocks = BlockCount(totalLength);
  if (blocks == 0) return ge::GRAPH_FAILED;
  ScaledAddTilingData tiling;
  tiling.set_blockLength(totalLength / blocks);
  tiling.set_alpha(*context->GetAttrs()->GetFloat(0));
  context->SetBlockDim(blocks);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(ScaledAdd).Tiling(TilingForScaledAdd);
}  // namespace optiling
