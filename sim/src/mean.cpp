// Mean: each row's first n elements summed in accType as repeated whole-repeat reductions give it,
// times 1/n in accType, converted to the source type.
#include "ascendc_sim/adv_api/mean.h"

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

void CheckParams(const AscendC::MeanParams& params, uint32_t elementBytes, const Site& site) {
  if (uint64_t(params.inner) * elementBytes % kBlockBytes != 0) {
    RaiseError("bad-parameter", site,
               Format("inner %u is %llu bytes, not a whole number of 32-byte blocks; pad each row to "
                      "(n * sizeof(T) + 31) / 32 * 32 bytes",
                      params.inner, static_cast<unsigned long long>(uint64_t(params.inner) * elementBytes)));
  }
  if (params.n == 0 || params.n > params.inner) {
    RaiseError("bad-parameter", site, Format("n %u must be in [1, inner = %u]", params.n, params.inner));
  }
}

template <class T, class Acc>
void MeanRows(const LocalRef& dst, const std::vector<uint8_t>& source, const AscendC::MeanParams& params) {
  const Acc scale = Acc(1.0f / float(params.n));
  std::vector<float> row(params.n);
  for (uint32_t r = 0; r < params.outter; ++r) {
    for (uint32_t i = 0; i < params.n; ++i) {
      row[i] = float(Acc(Load<T>(source.data() + (uint64_t(r) * params.inner + i) * sizeof(T))));
    }
    const Acc mean = Acc(RepeatedTreeSum<Acc>(row) * float(scale));
    Store<T>(dst.address + uint64_t(r) * sizeof(T), float(mean));
  }
}

}  // namespace

namespace rt {

void Mean(DType type, DType accType, const LocalRef& dst, const LocalRef& src, const LocalRef* tmp,
          const AscendC::MeanParams& params, Site site) {
  const uint32_t elementBytes = DTypeBytes(type);
  const uint32_t accBytes = DTypeBytes(accType);
  CheckParams(params, elementBytes, site);
  if (params.outter == 0) return;
  const uint64_t srcBytes = uint64_t(params.outter) * params.inner * elementBytes;
  const uint64_t dstBytes = uint64_t(params.outter) * elementBytes;
  CheckTensor(src, src.address, srcBytes, true, site);
  CheckTensor(dst, dst.address, dstBytes, true, site);
  const uint64_t needed = MeanRowTmpBytes(params.n, elementBytes, accBytes);
  MemAccess work[2] = {OnChipAccess(src.address, srcBytes, false)};
  const size_t workCount = 1 + CheckTmpSpace(tmp, needed, work + 1, site);
  const uint64_t elements = uint64_t(params.outter) * params.inner;
  if (accType != type) RecordVectorPass(VecCost::kConvert, accBytes, elements, work, workCount, site);
  RecordVectorPass(VecCost::kReduce, accBytes, elements, work, workCount, site);
  const MemAccess dstWrite = OnChipAccess(dst.address, dstBytes, true);
  RecordVectorPass(VecCost::kSimple, accBytes, params.outter, &dstWrite, 1, site);
  if (SkipsDataWork()) return;

  for (uint32_t r = 0; r < params.outter; ++r) {
    CheckInitialized(src.address + uint64_t(r) * params.inner * elementBytes, uint64_t(params.n) * elementBytes, site);
  }
  // dst may overlap src: every row is read before a mean is written.
  const std::vector<uint8_t> source(src.address, src.address + srcBytes);
  if (type == DType::kFloat) {
    MeanRows<float, float>(dst, source, params);
  } else if (accType == DType::kFloat) {
    MeanRows<half, float>(dst, source, params);
  } else {
    MeanRows<half, half>(dst, source, params);
  }
  MarkWritten(dst.address, dstBytes);
}

}  // namespace rt
}  // namespace ascendc_sim
