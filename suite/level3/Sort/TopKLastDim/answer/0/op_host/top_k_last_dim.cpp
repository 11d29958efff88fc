// TopKLastDim host side: one row per vector core at a time, rows spread evenly over the cores;
// chunks of up to 2048 values; merge buffers large enough for a chunk's pairs plus the best k and
// the alignment gaps between merged runs.
#include <algorithm>
#include <cstdint>

#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "top_k_last_dim_tiling.h"

namespace optiling {
constexpr uint32_t SORT_RUN = 32;     // Sort32 sorts runs of 32 values
constexpr uint32_t MAX_CHUNK = 2048;  // values sorted at once
constexpr uint32_t MAX_K = 1024;      // the best k pairs live in a merge buffer
constexpr uint32_t MERGE_WAYS = 4;    // MrgSort merges up to 4 runs
constexpr uint32_t PAIR_ALIGN = 4;    // merged runs start on 32 bytes: 4 pairs of 8 bytes

static uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

static ge::graphStatus TilingFunc(gert::TilingContext* context) {
  const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
  const int64_t* kAttr = context->GetAttrs()->GetInt(0);
  const bool* largestAttr = context->GetAttrs()->GetBool(1);
  if (shape.GetDimNum() == 0 || kAttr == nullptr) {
    return ge::GRAPH_FAILED;
  }
  const int64_t length = shape.GetDim(shape.GetDimNum() - 1);
  const int64_t total = shape.GetShapeSize();
  if (length < 1 || *kAttr < 1 || *kAttr > length || *kAttr > MAX_K || total > UINT32_MAX) {
    return ge::GRAPH_FAILED;
  }
  const uint32_t rows = static_cast<uint32_t>(total / length);
  const uint32_t k = static_cast<uint32_t>(*kAttr);
  const uint32_t chunk = std::min<uint32_t>(CeilDiv(static_cast<uint32_t>(length), SORT_RUN) * SORT_RUN, MAX_CHUNK);
  // A merge round writes at most every run's pairs, one chunk plus the best k, and a gap of up to
  // 3 pairs after each of its (at most ceil((chunk / 32 + 1) / 4)) merged runs.
  const uint32_t rounds = CeilDiv(chunk / SORT_RUN + 1, MERGE_WAYS);
  const uint32_t pairCapacity = CeilDiv(chunk + k + rounds * PAIR_ALIGN, PAIR_ALIGN) * PAIR_ALIGN;

  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  const uint32_t coreNum = std::max<uint32_t>(1, std::min<uint32_t>(platform.GetCoreNumAiv(), rows));
  TopKLastDimTilingData tiling;
  tiling.set_length(static_cast<uint32_t>(length));
  tiling.set_k(k);
  tiling.set_largest(largestAttr == nullptr || *largestAttr ? 1 : 0);
  tiling.set_chunk(chunk);
  tiling.set_pairCapacity(pairCapacity);
  tiling.set_rowsPerCore(rows / coreNum);
  tiling.set_bigCores(rows % coreNum);
  context->SetBlockDim(coreNum);
  tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
  context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
  size_t* workspace = context->GetWorkspaceSizes(1);
  workspace[0] = 0;
  return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context) {
  const gert::Shape* x = context->GetInputShape(0);
  const int64_t* k = context->GetAttrs()->GetInt(0);
  for (size_t output = 0; output < 2; ++output) {
    gert::Shape* shape = context->GetOutputShape(output);
    *shape = *x;
    shape->SetDim(x->GetDimNum() - 1, k == nullptr ? 1 : *k);
  }
  return GRAPH_SUCCESS;
}
static graphStatus InferDataType(gert::InferDataTypeContext* context) {
  context->SetOutputDataType(0, context->GetInputDataType(0));
  context->SetOutputDataType(1, ge::DT_INT64);
  return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class TopKLastDim : public OpDef {
 public:
  explicit TopKLastDim(const char* name) : OpDef(name) {
    this->Input("x")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("values")
        .ParamType(REQUIRED)
        .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Output("indices")
        .ParamType(REQUIRED)
        .DataType({ge::DT_INT64, ge::DT_INT64})
        .Format({ge::FORMAT_ND, ge::FORMAT_ND});
    this->Attr("k").AttrType(REQUIRED).Int(1);
    this->Attr("largest").AttrType(OPTIONAL).Bool(true);
    this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
    this->AICore().SetTiling(optiling::TilingFunc);
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(TopKLastDim);
}  // namespace ops
