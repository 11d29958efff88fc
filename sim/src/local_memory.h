// Checks and bookkeeping for on-chip tensor accesses, shared by every API implementation.
#pragma once
#include "ascendc_sim/runtime.h"
#include "launch_state.h"

namespace ascendc_sim {

// Verifies the tensor is live, its start is aligned for its memory (when `requireAlignment`), and
// [address, address+bytes) lies inside that memory (else `ub-overflow`: the NPU faults). Bytes past
// the tensor's buffer are the NPU's too: the caller touches them on the flat memory, and they are a
// `ub-out-of-bounds` warning (an error when strict) that names `operand` when given.
void CheckTensor(const LocalRef& ref, const uint8_t* address, uint64_t bytes, bool requireAlignment, const Site& site,
                 const char* operand = nullptr);
void MarkWritten(const uint8_t* address, uint64_t bytes);
// Marks `memory` used by the block and, the first time, fills it with the poison pattern (the UB is
// poisoned when the block starts).
void PoisonOnFirstUse(BlockState& block, Memory memory);
// Warns once per call site when any byte was never written.
void CheckInitialized(const uint8_t* address, uint64_t bytes, const Site& site);

}  // namespace ascendc_sim
