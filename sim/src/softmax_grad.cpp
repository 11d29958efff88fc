// SoftmaxGrad, row by row in float: the products grad * src, their sum over the first oriSrcK
// columns in the vector unit's tree order, then dst = (grad - sum) * src, or, with isFront, the
// sum alone over the row's 32-byte block.
#include "ascendc_sim/adv_api/softmax_grad.h"

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

// Loads a row of grad and src as float into g and s (the whole row: dst may be either of them) and
// returns the sum of their products over the first oriK columns.
template <class T>
float LoadRowAndSum(const uint8_t* grad, const uint8_t* src, const RowShape& shape, std::vector<float>& g,
                    std::vector<float>& s) {
  for (uint32_t j = 0; j < shape.k; ++j) {
    g[j] = Load<T>(grad + uint64_t(j) * sizeof(T));
    s[j] = Load<T>(src + uint64_t(j) * sizeof(T));
  }
  std::vector<float> products(shape.oriK);
  for (uint32_t j = 0; j < shape.oriK; ++j) products[j] = g[j] * s[j];
  return RepeatedTreeSum<float>(std::move(products));
}

}  // namespace

namespace rt {

void SoftmaxGrad(const SoftmaxGradOperands& operands, const SoftMaxTiling& tiling, bool isFront,
                 const AscendC::SoftMaxShapeInfo& shapeInfo, Site site) {
  const uint32_t elementBytes = DTypeBytes(operands.type);
  const RowShape shape = SoftMaxRowShape(tiling, shapeInfo, elementBytes, site);
  if (shape.m == 0 || shape.k == 0) return;
  const uint64_t elements = uint64_t(shape.m) * shape.k;
  const uint64_t dataBytes = elements * elementBytes;
  const uint64_t dstBytes = isFront ? uint64_t(shape.m) * kRowBlockBytes : dataBytes;
  CheckTensor(operands.src, operands.src.address, dataBytes, true, site);
  CheckTensor(operands.grad, operands.grad.address, dataBytes, true, site);
  CheckTensor(operands.dst, operands.dst.address, dstBytes, true, site);
  const uint64_t needed = SoftMaxRowsPerPass(tiling, shape, "SoftMaxGradTilingFunc", "GetSoftMaxGradMinTmpSize", site) *
                          SoftmaxGradRowTmpBytes(shape.k, elementBytes);
  MemAccess work[3] = {OnChipAccess(operands.src.address, dataBytes, false),
                       OnChipAccess(operands.grad.address, dataBytes, false)};
  const size_t workCount = 2 + CheckTmpSpace(operands.tmp, needed, work + 2, site);

  // The passes, on float lanes: Casts of a half source and grad, Mul, ReduceSum, Brcb of the sums
  // over a block; with isFront those blocks are the output (Cast to half), else a Brcb over the
  // rows, Sub, Mul, and Cast back to half.
  const bool converts = operands.type == DType::kHalf;
  const uint64_t sumLanes = uint64_t(shape.m) * (kRowBlockBytes / elementBytes);
  const FloatRowPasses passes{work, workCount, site};
  if (converts) {
    passes.Pass(VecCost::kConvert, elements);
    passes.Pass(VecCost::kConvert, elements);
  }
  passes.Pass(VecCost::kBinary, elements);
  passes.Pass(VecCost::kReduce, elements);
  if (isFront) {
    if (converts) passes.Pass(VecCost::kSimple, sumLanes);
    passes.Output(converts ? VecCost::kConvert : VecCost::kSimple, sumLanes, &operands.dst, dstBytes);
  } else {
    passes.Pass(VecCost::kSimple, uint64_t(shape.m) * kFloatsPerRowBlock);
    passes.Pass(VecCost::kSimple, elements);
    passes.Pass(VecCost::kBinary, elements);
    if (converts) passes.Pass(VecCost::kBinary, elements);
    passes.Output(converts ? VecCost::kConvert : VecCost::kBinary, elements, &operands.dst, dstBytes);
  }
  if (SkipsDataWork()) return;

  CheckInitialized(operands.src.address, dataBytes, site);
  CheckInitialized(operands.grad.address, dataBytes, site);
  std::vector<float> g(shape.k), s(shape.k);
  WithType(operands.type, [&]<class T>() {
    if constexpr (kIsOneOf<T, half, float>) {
      for (uint64_t row = 0; row < shape.m; ++row) {
        const uint64_t offset = row * shape.k * sizeof(T);
        const float sum = LoadRowAndSum<T>(operands.grad.address + offset, operands.src.address + offset, shape, g, s);
        if (isFront) {
          StoreRowBlock<T>(operands.dst, row, sum);
          continue;
        }
        for (uint32_t j = 0; j < shape.k; ++j) {
          Store<T>(operands.dst.address + offset + uint64_t(j) * sizeof(T), (g[j] - sum) * s[j]);
        }
      }
    }
  });
  MarkWritten(operands.dst.address, dstBytes);
}

}  // namespace rt
}  // namespace ascendc_sim
