// GroupedMatmulPerTokenDequant host side: 128 x 128 int32 tiles (two fill L0C), K in int8 steps of
// 128, L1 chunks of 4 steps; a GM workspace of two tile slots per AI core, through which the cube
// core hands its tiles to the two vector cores.
#include <algorithm>
#include <cstdint>

#include "grouped_matmul_per_token_dequant_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t BASE_M = 128;
constexpr uint32_t BASE_N = 128;
constexpr uint32_t BASE_K = 128;
constexpr uint32_t STEP_K = 4;
constexpr uint32_t WORKSPACE_STAGES = 2;

static uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

static ge::graphStatus TilingFunc(gert::TilingContext* context) {
  const gert::Shape& xShape = context->GetInputShape(0)->GetStorageShape();
  const gert::Shape& wShape = context->GetInputShape(1)->GetStorageShape();
  const gert::Shape& scaleShape = context->GetInputShape(2)->GetStorageShape();
  const gert::Shape& tokenShape = context->GetInputShape(3)->GetStorageShape();
  const gert::Shape& groupShape = context->GetInputShape(4)->GetStorageShape();
  if (xShape.GetDimNum() != 2 || wShape.GetDimNum() != 3 || scaleShape.GetDimNum() != 2 ||
      tokenShape.GetDimNum() != 1 || groupShape.GetDimNum() != 1) {
    return ge::GRAPH_FAILED;
  }
  const int64_t m = xShape.GetDim(0), k = xShape.GetDim(1);
  const int64_t groups = wShape.GetDim(0), n = wShape.GetDim(2);
  if (wShape.GetDim(1) != k || scaleShape.GetDim(0) != groups || scaleShape.GetDim(1) != n ||
      tokenShape.GetDim(0) != m || groupShape.GetDim(0) != groups) {
    return ge::GRAPH_FAILED;
  }
  if (m < 1 || n < 1 || k < 1 || groups < 1 || n > 65535 || k > 65535 || m > UINT32_MAX || groups > UINT32_MAX) {
    return ge::GRAPH_FAILED;
  }
  GroupedMatmulPerTokenDequantTilingData tiling;
  tiling.set_m(static_cast<uint32_t>(m));
  tiling.set_n(static_cast<uint32_t>(n));
  tiling.set_k(static_cast<uint32_t>(k));
  tiling.set_groupCount(static_cast<uint32_t>(groups));
  tiling.set_baseM(BASE_M);
  tiling.set_baseN(BASE_N);
  tiling.set_baseK(BASE_K);
  tiling.set_stepK(STEP_K);

  // The tiles of all groups number at most (M / baseM + G) row tiles times the column tiles.
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  const uint64_t maxTiles = (CeilDiv(m, BASE_M) + groups) * CeilDiv(n, BASE_N);
  const uint32_t blockDim = static_cast<uint32_t>(std::min<uint64_t>(platform.GetCoreNumAic(), maxTiles));
  context->SetBlockDim(blockDim);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  size_t* workspace = context->GetWorkspaceSizes(1);
  workspace[0] = platform.GetLibApiWorkSpaceSize() +
                 static_cast<size_t>(blockDim) * WORKSPACE_STAGES * BASE_M * BASE_N * sizeof(int32_t);
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context) {
  gert::Shape* y = context->GetOutputShape(0);
  y->SetDimNum(2);
  y->SetDim(0, context->GetInputShape(0)->GetDim(0));
  y->SetDim(1, context->GetInputShape(1)->GetDim(2));
  return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context) {
  context->SetOutputDataType(0, ge::DT_FLOAT16);
  return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class GroupedMatmulPerTokenDequant : public OpDef {
 public:
  explicit GroupedMatmulPerTokenDequant(const char* name) : OpDef(name) {
    this->Input("x").ParamType(REQUIRED).DataType({ge::DT_INT8}).Format({ge::FORMAT_ND});
    this->Input("weight").ParamType(REQUIRED).DataType({ge::DT_INT8}).Format({ge::FORMAT_ND});
    this->Input("scale").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Input("per_token_scale").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Input("group_list").ParamType(REQUIRED).DataType({ge::DT_INT64}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
    this->AICore().SetTiling(optiling::TilingFunc);
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(GroupedMatmulPerTokenDequant);
}  // namespace ops
