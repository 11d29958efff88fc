#include "softmax_rows.h"

#include <utility>

#include "diagnostics.h"
#include "instruction_record.h"

namespace ascendc_sim {
namespace {

// [m, k] of a ShapeInfo's dims: the last is the row, the others multiply into the rows.
std::pair<uint32_t, uint32_t> LastAxisRows(const uint32_t* dims, uint8_t count) {
  uint32_t m = 1;
  for (uint8_t i = 0; i + 1 < count; ++i) m *= dims[i];
  return {m, dims[count - 1]};
}

}  // namespace

AscendC::SoftMaxShapeInfo rt::SoftMaxCallShape(const AscendC::SoftMaxShapeInfo& shapeInfo,
                                               const AscendC::ShapeInfo& srcShape) {
  if ((shapeInfo.srcM != 0 && shapeInfo.srcK != 0) || srcShape.shapeDim == 0) return shapeInfo;
  const auto [m, k] = LastAxisRows(srcShape.shape, srcShape.shapeDim);
  const bool hasOriginal = srcShape.originalShapeDim != 0;
  const auto [oriM, oriK] = hasOriginal ? LastAxisRows(srcShape.originalShape, srcShape.originalShapeDim)
                                        : std::pair<uint32_t, uint32_t>{m, k};
  return {m, k, oriM, oriK};
}

RowShape SoftMaxRowShape(const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& info, uint32_t elementBytes,
                         const Site& site) {
  const bool fromTiling = info.srcM == 0 && info.srcK == 0;
  RowShape shape{fromTiling ? tiling.srcM : info.srcM, fromTiling ? tiling.srcK : info.srcK, 0};
  shape.oriK = fromTiling || info.oriSrcK == 0 ? shape.k : info.oriSrcK;
  if (uint64_t(shape.k) * elementBytes % kRowBlockBytes != 0) {
    RaiseError("bad-parameter", site,
               Format("srcK %u is %llu bytes, not a whole number of 32-byte blocks; pad the rows and pass the real "
                      "length as oriSrcK",
                      shape.k, static_cast<unsigned long long>(uint64_t(shape.k) * elementBytes)));
  }
  if (shape.oriK > shape.k) {
    RaiseError("bad-parameter", site, Format("oriSrcK %u is longer than srcK %u", shape.oriK, shape.k));
  }
  return shape;
}

uint64_t SoftMaxRowsPerPass(const SoftMaxTiling& tiling, const RowShape& shape, const char* tilingFunc,
                            const char* minTmpSize, const Site& site) {
  if (shape.m != tiling.srcM || shape.k != tiling.srcK) return 1;
  if (tiling.splitM == 0) {
    RaiseError("bad-parameter", site,
               Format("the tiling fits no row in a pass (splitM 0): %s was given a localWorkSpaceSize below %s",
                      tilingFunc, minTmpSize));
  }
  return tiling.splitM < shape.m ? tiling.splitM : shape.m;
}

void FloatRowPasses::Pass(VecCost cost, uint64_t lanes) const {
  RecordVectorPass(cost, sizeof(float), lanes, work, workCount, site);
}

void FloatRowPasses::Output(VecCost cost, uint64_t lanes, const LocalRef* output, uint64_t bytes) const {
  const MemAccess write = output ? OnChipAccess(output->address, bytes, true) : MemAccess{};
  RecordVectorPass(cost, sizeof(float), lanes, &write, output ? 1 : 0, site);
}

}  // namespace ascendc_sim
