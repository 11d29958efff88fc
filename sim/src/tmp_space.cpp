#include "tmp_space.h"

#include "diagnostics.h"
#include "instruction_record.h"
#include "launch_state.h"
#include "local_memory.h"

namespace ascendc_sim {

MemAccess CheckSharedTmpBuffer(const LocalRef& tmp, uint64_t needed, const Site& site) {
  if (tmp.bytes < needed) {
    RaiseError("ub-out-of-bounds", site,
               Format("sharedTmpBuffer holds %u bytes but %s needs %llu here; the NPU would write past its end "
                      "into whatever follows it",
                      tmp.bytes, site.api, static_cast<unsigned long long>(needed)));
  }
  CheckTensor(tmp, tmp.address, needed, true, site);
  return OnChipAccess(tmp.address, needed, true);
}

void CheckStackTmpSpace(uint64_t needed, const Site& site) {
  const MemoryInfo& ub = Info(Memory::kUnifiedBuffer);
  uint64_t placedEnd = 0;
  for (const PipeState& pipe : CurrentBlock().pipes) {
    if (!pipe.alive) continue;
    for (const Allocation& allocation : pipe.allocations) {
      if (MemoryOf(allocation.position) != Memory::kUnifiedBuffer) continue;
      const uint64_t end = uint64_t(allocation.offset) + allocation.bytes;
      placedEnd = end > placedEnd ? end : placedEnd;
    }
  }
  const uint64_t free = placedEnd < ub.bytes ? ub.bytes - placedEnd : 0;
  if (free < needed) {
    RaiseError("ub-overflow", site,
               Format("%s without a sharedTmpBuffer works in the UB past the TPipe's buffers, which holds %llu bytes "
                      "(the buffers end at byte %llu of %u), but it needs %llu here; the NPU would write past the end "
                      "of UB. Pass a sharedTmpBuffer or leave more UB free",
                      site.api, static_cast<unsigned long long>(free), static_cast<unsigned long long>(placedEnd),
                      ub.bytes, static_cast<unsigned long long>(needed)));
  }
}

size_t CheckTmpSpace(const LocalRef* tmp, uint64_t needed, MemAccess* work, const Site& site) {
  if (!tmp) {
    CheckStackTmpSpace(needed, site);
    return 0;
  }
  *work = CheckSharedTmpBuffer(*tmp, needed, site);
  return 1;
}

}  // namespace ascendc_sim
