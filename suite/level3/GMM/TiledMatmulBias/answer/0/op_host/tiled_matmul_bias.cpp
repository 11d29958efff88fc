// TiledMatmulBias host side: fixed 128 x 128 output tiles (two of them fill L0C, double buffered),
// K in steps of 64 (two A and two B steps in L0A/L0B), L1 chunks of 4 steps (two chunks of A and B
// in L1); one cube core per tile, at most as many cores as tiles.
#include <algorithm>
#include <cstdint>

#include "register/op_def_registry.h"
#include "tiled_matmul_bias_tiling.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr uint32_t BASE_M = 128;
constexpr uint32_t BASE_N = 128;
constexpr uint32_t BASE_K = 64;
constexpr uint32_t STEP_K = 4;
constexpr int64_t MAX_EDGE = 4095;  // Mmad's m, n and k, and Fixpipe's row stride fit 12 bits

static uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

static ge::graphStatus TilingFunc(gert::TilingContext* context) {
  const gert::Shape& aShape = context->GetInputShape(0)->GetStorageShape();
  const gert::Shape& bShape = context->GetInputShape(1)->GetStorageShape();
  const gert::Shape& biasShape = context->GetInputShape(2)->GetStorageShape();
  if (aShape.GetDimNum() != 2 || bShape.GetDimNum() != 2 || biasShape.GetDimNum() != 1 ||
      aShape.GetDim(1) != bShape.GetDim(0) || biasShape.GetDim(0) != bShape.GetDim(1)) {
    return ge::GRAPH_FAILED;
  }
  const int64_t m = aShape.GetDim(0), k = aShape.GetDim(1), n = bShape.GetDim(1);
  if (m < 1 || n < 1 || k < 1 || m > MAX_EDGE || n > MAX_EDGE || k > MAX_EDGE) {
    return ge::GRAPH_FAILED;
  }
  TiledMatmulBiasTilingData tiling;
  tiling.set_m(static_cast<uint32_t>(m));
  tiling.set_n(static_cast<uint32_t>(n));
  tiling.set_k(static_cast<uint32_t>(k));
  tiling.set_baseM(BASE_M);
  tiling.set_baseN(BASE_N);
  tiling.set_baseK(BASE_K);
  tiling.set_stepK(STEP_K);
  const uint32_t mTiles = CeilDiv(static_cast<uint32_t>(m), BASE_M);
  const uint32_t nTiles = CeilDiv(static_cast<uint32_t>(n), BASE_N);
  tiling.set_mTiles(mTiles);
  tiling.set_nTiles(nTiles);

  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  context->SetBlockDim(std::min(platform.GetCoreNumAic(), mTiles * nTiles));
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  size_t* workspace = context->GetWorkspaceSizes(1);
  workspace[0] = 0;
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context) {
  gert::Shape* c = context->GetOutputShape(0);
  c->SetDimNum(2);
  c->SetDim(0, context->GetInputShape(0)->GetDim(0));
  c->SetDim(1, context->GetInputShape(1)->GetDim(1));
  return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context) {
  context->SetOutputDataType(0, context->GetInputDataType(0));
  return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class TiledMatmulBias : public OpDef {
 public:
  explicit TiledMatmulBias(const char* name) : OpDef(name) {
    this->Input("a").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    this->Input("b").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    this->Input("bias").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    this->Output("c").ParamType(REQUIRED).DataType({ge::DT_FLOAT16}).Format({ge::FORMAT_ND});
    this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
    this->AICore().SetTiling(optiling::TilingFunc);
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(TiledMatmulBias);
}  // namespace ops
