// Sum as A2 runs it: counter-mode RepeatReduceSum passes per row (ascendc_sim/adv_api/sum.h).
#include "ascendc_sim/adv_api/sum.h"

#include "ascendc_sim/vec_reduce.h"
#include "diagnostics.h"
#include "element.h"
#include "launch_state.h"

namespace ascendc_sim::rt {
namespace {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kRepeatBytes = 256;

LocalRef Advanced(LocalRef ref, uint64_t bytes) {
  ref.address += bytes;
  ref.bytes = bytes < ref.bytes ? uint32_t(ref.bytes - bytes) : 0u;
  return ref;
}

}  // namespace

void Sum(DType type, const LocalRef& dst, const LocalRef& src, const LocalRef& tmp, const AscendC::SumParams& params,
         Site site) {
  const uint32_t elementBytes = DTypeBytes(type);
  if (uint64_t(params.inner) * elementBytes % kBlockBytes != 0) {
    RaiseError("bad-parameter", site,
               Format("SumParams.inner %u is not a whole number of 32-byte blocks of %u-byte elements; round "
                      "n up to (n * %u + 31) / 32 * 32 / %u",
                      params.inner, elementBytes, elementBytes, elementBytes));
  }
  if (params.n == 0 || params.n > params.inner) {
    RaiseError("bad-parameter", site, Format("SumParams.n %u is outside [1, inner = %u]", params.n, params.inner));
  }
  const uint64_t lanes = kRepeatBytes / elementBytes;
  // One repeat's partial sums are contiguous: dstRepStride 1 output, srcRepStride 8 blocks.
  const ReduceParams contiguous{1, 1, 8, 1};
  VecShape maskRegister;
  maskRegister.mode = VecShape::Mode::kMaskRegister;
  SetMaskCounterMode(true);
  for (uint32_t row = 0; row < params.outter; ++row) {
    LocalRef input = Advanced(src, uint64_t(row) * params.inner * elementBytes);
    const LocalRef output = Advanced(dst, uint64_t(row) * elementBytes);
    for (uint64_t count = params.n;; count = (count + lanes - 1) / lanes) {
      SetVectorMaskBits(0, count);
      const bool last = count <= lanes;
      ReduceGroups(ReduceOp::kSum, ReduceGroup::kRepeat, type, last ? output : tmp, input, maskRegister, contiguous,
                   AscendC::ReduceOrder::ORDER_ONLY_VALUE, site);
      if (last) break;
      input = tmp;
    }
  }
  // As CANN leaves it: normal mode, with a full mask after single passes and the last pass's count
  // otherwise.
  SetMaskCounterMode(false);
  if (params.n <= lanes) ResetVectorMask();
}

}  // namespace ascendc_sim::rt
