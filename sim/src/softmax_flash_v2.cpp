// SoftmaxFlashV2, row by row in float: the row's max over its first oriSrcK columns (with isUpdate
// joined with inMax), e = exp(x - max) for every column into dst, the sum of e over the first
// oriSrcK columns in the vector unit's tree order, and with isUpdate expMax = exp(inMax - max) and
// sum += expMax * inSum.
#include "ascendc_sim/adv_api/softmax_flash_v2.h"

#include <cmath>
#include <cstring>
#include <vector>

#include "diagnostics.h"
#include "element.h"
#include "instruction_record.h"
#include "local_memory.h"
#include "softmax_rows.h"
#include "tmp_space.h"
#include "tree_sum.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

constexpr uint32_t kBasicBlockRows = 8;
constexpr uint32_t kBasicBlockColumns = 64;

// An operand's bytes; `mayBe` names the input an output may coincide with (CANN's reuse rules).
struct Region {
  const char* name;
  const uint8_t* address;
  uint64_t bytes;
  const char* mayBe = nullptr;
};

bool Overlap(const Region& a, const Region& b) {
  return a.address < b.address + b.bytes && b.address < a.address + a.bytes;
}

bool MayShare(const Region& output, const Region& input) {
  return output.mayBe != nullptr && std::strcmp(output.mayBe, input.name) == 0 && output.address == input.address &&
         output.bytes == input.bytes;
}

// `consequence` says what the NPU would do with the overlap.
[[noreturn]] void ReportOverlap(const Region& a, const Region& b, const char* consequence, const Site& site) {
  RaiseError("bad-parameter", site,
             Format("%s overlaps %s: SoftmaxFlashV2 lets dstTensor be srcTensor, maxTensor be inMaxTensor and "
                    "expSumTensor be inExpSumTensor, and no other operands share memory (%s)",
                    a.name, b.name, consequence));
}

void CheckApart(const std::vector<Region>& outputs, const std::vector<Region>& inputs, const LocalRef* tmp,
                const Site& site) {
  for (size_t i = 0; i < outputs.size(); ++i) {
    for (const Region& input : inputs) {
      if (Overlap(outputs[i], input) && !MayShare(outputs[i], input)) {
        ReportOverlap(outputs[i], input, "the NPU would read values it has already overwritten", site);
      }
    }
    for (size_t j = i + 1; j < outputs.size(); ++j) {
      if (Overlap(outputs[i], outputs[j])) {
        ReportOverlap(outputs[i], outputs[j], "the NPU would write one output over the other", site);
      }
    }
  }
  if (tmp == nullptr) return;
  const Region buffer{"sharedTmpBuffer", tmp->address, tmp->bytes};
  for (const std::vector<Region>* group : {&outputs, &inputs}) {
    for (const Region& operand : *group) {
      if (Overlap(buffer, operand)) {
        RaiseError("bad-parameter", site,
                   Format("sharedTmpBuffer overlaps %s: SoftmaxFlashV2's temporary space must not share memory "
                          "with its operands",
                          operand.name));
      }
    }
  }
}

// Row `row`'s value of an input whose rows repeat one value over a 32-byte block.
template <class U>
float RowBlockValue(const LocalRef& ref, uint64_t row, const char* name, const Site& site) {
  constexpr uint32_t kPerBlock = kRowBlockBytes / sizeof(U);
  const uint8_t* block = ref.address + row * kRowBlockBytes;
  for (uint32_t lane = 1; lane < kPerBlock; ++lane) {
    if (std::memcmp(block, block + lane * sizeof(U), sizeof(U)) != 0) {
      RaiseError("bad-parameter", site,
                 Format("%s row %llu does not repeat one value over its 32-byte block (lane 0 holds %g, lane %u "
                        "%g): SoftmaxFlashV2 takes each row's value repeated over a block, [srcM, %u]",
                        name, static_cast<unsigned long long>(row), double(Load<U>(block)), lane,
                        double(Load<U>(block + lane * sizeof(U))), kPerBlock));
    }
  }
  return float(Load<U>(block));
}

template <class T, class U>
void FlashRows(const SoftmaxFlashV2Operands& op, const RowShape& shape, bool isUpdate, const Site& site) {
  std::vector<float> e(shape.k);
  for (uint64_t row = 0; row < shape.m; ++row) {
    const uint64_t offset = row * shape.k * sizeof(T);
    // Every input of the row is read before any output is written: outputs may be their inputs.
    float max = -INFINITY;
    for (uint32_t j = 0; j < shape.oriK; ++j)
      max = std::fmax(max, float(Load<T>(op.src.address + offset + j * sizeof(T))));
    float expMax = 0.0f, inSum = 0.0f;
    if (isUpdate) {
      const float inMax = RowBlockValue<U>(op.inMax, row, "inMaxTensor", site);
      inSum = RowBlockValue<U>(op.inSum, row, "inExpSumTensor", site);
      max = std::fmax(max, inMax);
      expMax = std::exp(inMax - max);
    }
    for (uint32_t j = 0; j < shape.k; ++j)
      e[j] = std::exp(float(Load<T>(op.src.address + offset + j * sizeof(T))) - max);
    float sum = RepeatedTreeSum<float>(std::vector<float>(e.begin(), e.begin() + shape.oriK));
    if (isUpdate) {
      const float carried = expMax * inSum;
      sum = carried + sum;
    }
    for (uint32_t j = 0; j < shape.k; ++j) Store<T>(op.dst.address + offset + j * sizeof(T), e[j]);
    StoreRowBlock<U>(op.max, row, max);
    StoreRowBlock<U>(op.sum, row, sum);
    if (isUpdate) StoreRowBlock<T>(op.expMax, row, expMax);
  }
}

}  // namespace

namespace rt {

void SoftmaxFlashV2(const SoftmaxFlashV2Operands& operands, const SoftMaxTiling& tiling,
                    const AscendC::SoftMaxShapeInfo& shapeInfo, const SoftmaxFlashV2Options& options, Site site) {
  const uint32_t elementBytes = DTypeBytes(operands.type);
  const RowShape shape = SoftMaxRowShape(tiling, shapeInfo, elementBytes, site);
  if (shape.m == 0 || shape.k == 0) return;
  if (options.isBasicBlock && (shape.m % kBasicBlockRows != 0 || shape.k % kBasicBlockColumns != 0)) {
    RaiseError("bad-parameter", site,
               Format("isBasicBlock is set but the shape [%u, %u] is not a basic block (srcM a multiple of %u, srcK "
                      "of %u); the NPU's basic-block path would miss rows or columns. Set isBasicBlock only for "
                      "such shapes",
                      shape.m, shape.k, kBasicBlockRows, kBasicBlockColumns));
  }
  if (!options.isCheckTiling && (shape.m != tiling.srcM || shape.k != tiling.srcK)) {
    RaiseError("bad-parameter", site,
               Format("config.isCheckTiling is false, so SoftmaxFlashV2 takes the tiling as it is, but the tiling is "
                      "for [%u, %u] and the source is [%u, %u]; the NPU would work the tiling's rows. Tile this shape "
                      "(SoftMaxFlashV2TilingFunc) or leave isCheckTiling on",
                      tiling.srcM, tiling.srcK, shape.m, shape.k));
  }
  const bool update = options.isUpdate;
  const uint64_t elements = uint64_t(shape.m) * shape.k;
  const uint64_t dataBytes = elements * elementBytes;
  const uint64_t reduceBytes = uint64_t(shape.m) * kRowBlockBytes;
  CheckTensor(operands.src, operands.src.address, dataBytes, true, site, "srcTensor");
  CheckTensor(operands.dst, operands.dst.address, dataBytes, true, site, "dstTensor");
  CheckTensor(operands.sum, operands.sum.address, reduceBytes, true, site, "expSumTensor");
  CheckTensor(operands.max, operands.max.address, reduceBytes, true, site, "maxTensor");
  std::vector<Region> outputs{{"dstTensor", operands.dst.address, dataBytes, "srcTensor"},
                              {"expSumTensor", operands.sum.address, reduceBytes, "inExpSumTensor"},
                              {"maxTensor", operands.max.address, reduceBytes, "inMaxTensor"}};
  std::vector<Region> inputs{{"srcTensor", operands.src.address, dataBytes}};
  if (update) {
    CheckTensor(operands.expMax, operands.expMax.address, reduceBytes, true, site, "expMaxTensor");
    CheckTensor(operands.inSum, operands.inSum.address, reduceBytes, true, site, "inExpSumTensor");
    CheckTensor(operands.inMax, operands.inMax.address, reduceBytes, true, site, "inMaxTensor");
    outputs.push_back({"expMaxTensor", operands.expMax.address, reduceBytes});
    inputs.push_back({"inExpSumTensor", operands.inSum.address, reduceBytes});
    inputs.push_back({"inMaxTensor", operands.inMax.address, reduceBytes});
  }
  CheckApart(outputs, inputs, operands.tmp, site);
  const uint64_t needed =
      SoftMaxRowsPerPass(tiling, shape, "SoftMaxFlashV2TilingFunc", "GetSoftMaxFlashV2MinTmpSize", site) *
      SoftmaxFlashV2RowTmpBytes(shape.k, elementBytes);
  MemAccess work[4] = {OnChipAccess(operands.src.address, dataBytes, false)};
  size_t workCount = 1;
  if (update) {
    work[workCount++] = OnChipAccess(operands.inSum.address, reduceBytes, false);
    work[workCount++] = OnChipAccess(operands.inMax.address, reduceBytes, false);
  }
  workCount += CheckTmpSpace(operands.tmp, needed, work + workCount, site);

  // The passes, on float lanes: Cast of a half source, ReduceMax, then either Brcb of the maxima
  // or (isUpdate) Brcb, Max with inMax, Sub and Exp for expMax; Sub and Exp of the rows (Exp writes
  // float dst; half dst is a Cast of it), ReduceSum, Brcb of the sums, and (isUpdate) Mul and Add.
  const bool converts = operands.type == DType::kHalf;
  const uint64_t blockLanes = uint64_t(shape.m) * kFloatsPerRowBlock;
  const FloatRowPasses passes{work, workCount, site};
  if (converts) passes.Pass(VecCost::kConvert, elements);
  passes.Pass(VecCost::kReduce, elements);
  if (update) {
    passes.Pass(VecCost::kSimple, blockLanes);
    passes.Output(VecCost::kBinary, blockLanes, &operands.max, reduceBytes);
    passes.Pass(VecCost::kBinary, blockLanes);
    passes.Output(VecCost::kTranscendental, blockLanes, &operands.expMax, reduceBytes);
  } else {
    passes.Output(VecCost::kSimple, blockLanes, &operands.max, reduceBytes);
  }
  passes.Pass(VecCost::kBinary, elements);
  if (converts) {
    passes.Pass(VecCost::kTranscendental, elements);
    passes.Output(VecCost::kConvert, elements, &operands.dst, dataBytes);
  } else {
    passes.Output(VecCost::kTranscendental, elements, &operands.dst, dataBytes);
  }
  passes.Pass(VecCost::kReduce, elements);
  if (update) {
    passes.Pass(VecCost::kSimple, blockLanes);
    passes.Pass(VecCost::kBinary, blockLanes);
    passes.Output(VecCost::kBinary, blockLanes, &operands.sum, reduceBytes);
  } else {
    passes.Output(VecCost::kSimple, blockLanes, &operands.sum, reduceBytes);
  }
  if (SkipsDataWork()) return;

  CheckInitialized(operands.src.address, dataBytes, site);
  if (update) {
    CheckInitialized(operands.inSum.address, reduceBytes, site);
    CheckInitialized(operands.inMax.address, reduceBytes, site);
  }
  WithType(operands.type, [&]<class T>() {
    if constexpr (kIsOneOf<T, half, float>) {
      WithType(operands.reduceType, [&]<class U>() {
        if constexpr (kIsOneOf<U, half, float>) FlashRows<T, U>(operands, shape, update, site);
      });
    }
  });
  MarkWritten(operands.dst.address, dataBytes);
  MarkWritten(operands.sum.address, reduceBytes);
  MarkWritten(operands.max.address, reduceBytes);
  if (update) MarkWritten(operands.expMax.address, reduceBytes);
}

}  // namespace rt
}  // namespace ascendc_sim
