// The temporary-space contract of the high-level APIs. A form with a sharedTmpBuffer works in that
// tensor; a form without one works in the UB no TPipe buffer holds (CANN's stack buffer). Either
// must hold what the API needs for its shape: on the NPU a smaller one is silently overrun, so the
// simulator reports it.
#pragma once
#include <cstddef>
#include <cstdint>

#include "ascendc_sim/runtime.h"
#include "pipe_timeline.h"

namespace ascendc_sim {

// Checks that sharedTmpBuffer is live and holds `needed` bytes; returns the API's write to it.
MemAccess CheckSharedTmpBuffer(const LocalRef& tmp, uint64_t needed, const Site& site);
// Checks that the UB past every TPipe buffer holds `needed` bytes.
void CheckStackTmpSpace(uint64_t needed, const Site& site);
// Checks the temporary space of a form with a sharedTmpBuffer (`tmp`) or without one (null) and
// stores the API's write to a sharedTmpBuffer at `work`; returns how many accesses it stored (1 or 0).
size_t CheckTmpSpace(const LocalRef* tmp, uint64_t needed, MemAccess* work, const Site& site);

}  // namespace ascendc_sim
