// SoftMax, row by row in float: max over the row's first oriSrcK columns, e = exp(x - max) for
// every column, sum of e over the first oriSrcK columns in the vector unit's tree order, dst = e / sum.
#include "ascendc_sim/adv_api/softmax.h"

#include <cmath>
#include <vector>

#include "ascendc_sim/adv_api/tmp_space_sizes.h"
#include "element.h"
#include "instruction_record.h"
#include "local_memory.h"
#include "softmax_rows.h"
#include "tmp_space.h"
#include "tree_sum.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

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

}  // namespace

namespace rt {

void SoftMax(const SoftMaxOperands& operands, const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& shapeInfo,
             Site site) {
  const uint32_t elementBytes = DTypeBytes(operands.type);
  const RowShape shape = SoftMaxRowShape(tiling, shapeInfo, elementBytes, site);
  if (shape.m == 0 || shape.k == 0) return;
  const uint64_t elements = uint64_t(shape.m) * shape.k;
  const uint64_t dataBytes = elements * elementBytes;
  const uint64_t reduceBytes = uint64_t(shape.m) * kRowBlockBytes;
  CheckTensor(operands.src, operands.src.address, dataBytes, true, site);
  CheckTensor(operands.dst, operands.dst.address, dataBytes, true, site);
  if (operands.sum) {
    CheckTensor(*operands.sum, operands.sum->address, reduceBytes, true, site);
    CheckTensor(*operands.max, operands.max->address, reduceBytes, true, site);
  }
  const uint64_t needed = SoftMaxRowsPerPass(tiling, shape, "SoftMaxTilingFunc", "GetSoftMaxMinTmpSize", site) *
                          SoftMaxRowTmpBytes(shape.k);
  MemAccess work[2] = {OnChipAccess(operands.src.address, dataBytes, false)};
  const size_t workCount = 1 + CheckTmpSpace(operands.tmp, needed, work + 1, site);

  // The passes, on float lanes: Cast of a half source, ReduceMax, Brcb of the maxima, Sub, Exp,
  // ReduceSum, Brcb of the sums, Div, and Cast back to half.
  const bool converts = operands.type == DType::kHalf;
  const uint64_t blockLanes = uint64_t(shape.m) * kFloatsPerRowBlock;
  const FloatRowPasses passes{work, workCount, site};
  if (converts) passes.Pass(VecCost::kConvert, elements);
  passes.Pass(VecCost::kReduce, elements);
  passes.Output(VecCost::kSimple, blockLanes, operands.max, reduceBytes);
  passes.Pass(VecCost::kBinary, elements);
  passes.Pass(VecCost::kTranscendental, elements);
  passes.Pass(VecCost::kReduce, elements);
  passes.Output(VecCost::kSimple, blockLanes, operands.sum, reduceBytes);
  if (converts) passes.Pass(VecCost::kTranscendental, elements);
  passes.Output(converts ? VecCost::kConvert : VecCost::kTranscendental, elements, &operands.dst, dataBytes);
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
            StoreRowBlock<U>(*operands.sum, row, result.sum);
            StoreRowBlock<U>(*operands.max, row, result.max);
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
