// SoftMax, row by row in float: max over the row's first oriSrcK columns, e = exp(x - max) for
// every column, sum of e over the first oriSrcK columns in the vector unit's tree order, dst = e / sum.
#include "ascendc_sim/adv_api/softmax.h"

#include <cmath>
#include <vector>

#include "ascendc_sim/adv_api/tmp_space_sizes.h"
#include "diagnostics.h"
#include "element.h"
#include "instruction_record.h"
#include "local_memory.h"
#include "tmp_space.h"
#include "tree_sum.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kFloatsPerBlock = kBlockBytes / sizeof(float);

struct RowShape {
  uint32_t m;
  uint32_t k;
  uint32_t oriK;  // the columns that enter max and sum
};

RowShape ShapeOf(const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& info, uint32_t elementBytes,
                 const Site& site) {
  const bool fromTiling = info.srcM == 0 && info.srcK == 0;
  RowShape shape{fromTiling ? tiling.srcM : info.srcM, fromTiling ? tiling.srcK : info.srcK, 0};
  shape.oriK = fromTiling || info.oriSrcK == 0 ? shape.k : info.oriSrcK;
  if (uint64_t(shape.k) * elementBytes % kBlockBytes != 0) {
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

// The rows one pass takes: the tiling's, or, for another shape, one (CANN's kernel then tiles again
// for the temporary space it has).
uint64_t RowsPerPass(const SoftMaxTiling& tiling, const RowShape& shape, const Site& site) {
  if (shape.m != tiling.srcM || shape.k != tiling.srcK) return 1;
  if (tiling.splitM == 0) {
    RaiseError("bad-parameter", site,
               "the tiling fits no row in a pass (splitM 0): SoftMaxTilingFunc was given a localWorkSpaceSize below "
               "GetSoftMaxMinTmpSize");
  }
  return tiling.splitM < shape.m ? tiling.splitM : shape.m;
}

struct RowResult {
  float max;
  float sum;
};

template <class T>
RowResult SoftMaxRow(const uint8_t* src, uint8_t* dst, const RowShape& shape, std::vector<float>& e) {
  float max = -INFINITY;
  for (uint32_t j = 0; j < shape.oriK; ++j) max = std::fmax(max, float(Load<T>(src + uint64_t(j) * sizeof(T))));
  for (uint32_t j = 0; j < shape.k; ++j) e[j] = std::exp(float(Load<T>(src + uint64_t(j) * sizeof(T))) - max);
  const float sum = RepeatedTreeSum<float>(std::vector<float>(e.begin(), e.begin() + shape.oriK));
  for (uint32_t j = 0; j < shape.k; ++j) Store<T>(dst + uint64_t(j) * sizeof(T), e[j] / sum);
  return {max, sum};
}

template <class U>
void StoreBlock(const LocalRef& ref, uint64_t row, float value) {
  constexpr uint32_t kPerBlock = kBlockBytes / sizeof(U);
  for (uint32_t i = 0; i < kPerBlock; ++i) Store<U>(ref.address + (row * kPerBlock + i) * sizeof(U), value);
}

}  // namespace

namespace rt {

void SoftMax(const SoftMaxOperands& operands, const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& shapeInfo,
             Site site) {
  const uint32_t elementBytes = DTypeBytes(operands.type);
  const RowShape shape = ShapeOf(tiling, shapeInfo, elementBytes, site);
  if (shape.m == 0 || shape.k == 0) return;
  const uint64_t elements = uint64_t(shape.m) * shape.k;
  const uint64_t dataBytes = elements * elementBytes;
  const uint64_t reduceBytes = uint64_t(shape.m) * kBlockBytes;
  CheckTensor(operands.src, operands.src.address, dataBytes, true, site);
  CheckTensor(operands.dst, operands.dst.address, dataBytes, true, site);
  if (operands.sum) {
    CheckTensor(*operands.sum, operands.sum->address, reduceBytes, true, site);
    CheckTensor(*operands.max, operands.max->address, reduceBytes, true, site);
  }
  const uint64_t needed = RowsPerPass(tiling, shape, site) * SoftMaxRowTmpBytes(shape.k);
  MemAccess work[2] = {OnChipAccess(operands.src.address, dataBytes, false)};
  size_t workCount = 1;
  if (operands.tmp) {
    work[workCount++] = CheckSharedTmpBuffer(*operands.tmp, needed, site);
  } else {
    CheckStackTmpSpace(needed, site);
  }

  // The passes, on float lanes: Cast of a half source, ReduceMax, Brcb of the maxima, Sub, Exp,
  // ReduceSum, Brcb of the sums, Div, and Cast back to half.
  const bool converts = operands.type == DType::kHalf;
  const uint64_t blockLanes = uint64_t(shape.m) * kFloatsPerBlock;
  const auto pass = [&](VecCost cost, uint64_t lanes, const MemAccess* accesses, size_t count) {
    RecordVectorPass(cost, sizeof(float), lanes, accesses, count, site);
  };
  const auto outputPass = [&](VecCost cost, uint64_t lanes, const LocalRef* output, uint64_t bytes) {
    const MemAccess write = output ? OnChipAccess(output->address, bytes, true) : MemAccess{};
    pass(cost, lanes, &write, output ? 1 : 0);
  };
  if (converts) pass(VecCost::kConvert, elements, work, workCount);
  pass(VecCost::kReduce, elements, work, workCount);
  outputPass(VecCost::kSimple, blockLanes, operands.max, reduceBytes);
  pass(VecCost::kBinary, elements, work, workCount);
  pass(VecCost::kTranscendental, elements, work, workCount);
  pass(VecCost::kReduce, elements, work, workCount);
  outputPass(VecCost::kSimple, blockLanes, operands.sum, reduceBytes);
  if (converts) pass(VecCost::kTranscendental, elements, work, workCount);
  outputPass(converts ? VecCost::kConvert : VecCost::kTranscendental, elements, &operands.dst, dataBytes);
  if (SkipsDataWork()) return;

  CheckInitialized(operands.src.address, dataBytes, site);
  // dst may be the source itself: each row is read before it is written.
  std::vector<float> e(shape.k);
  WithType(operands.type, [&]<class T>() {
    if constexpr (kIsOneOf<T, half, float>) {
      for (uint64_t row = 0; row < shape.m; ++row) {
        const uint64_t offset = row * shape.k * sizeof(T);
        const RowResult result = SoftMaxRow<T>(operands.src.address + offset, operands.dst.address + offset, shape, e);
        if (!operands.sum) continue;
        WithType(operands.reduceType, [&]<class U>() {
          if constexpr (kIsOneOf<U, half, float>) {
            StoreBlock<U>(*operands.sum, row, result.sum);
            StoreBlock<U>(*operands.max, row, result.max);
          }
        });
      }
    }
  });
  MarkWritten(operands.dst.address, dataBytes);
  if (operands.sum) {
    MarkWritten(operands.sum->address, reduceBytes);
    MarkWritten(operands.max->address, reduceBytes);
  }
}

}  // namespace rt
}  // namespace ascendc_sim
