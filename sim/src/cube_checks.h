// Checks shared by the cube instructions: where an operand lives and which bytes it spans.
#pragma once
#include <cstdint>

#include "ascendc_sim/runtime.h"
#include "launch_state.h"

namespace ascendc_sim {

// The memory a cube operand's TPosition maps to must be `expected` (else [wrong-position], naming
// `operand` and the `positions` that would do); then CheckTensor: live, its start aligned for that
// memory, and the `extent` bytes from its start inside the memory.
void CheckCubeOperand(const LocalRef& ref, Memory expected, const char* operand, const char* positions, uint64_t extent,
                      const Site& site);
// A parameter outside [0, limit]: [bad-parameter] naming it.
void CheckCubeRange(const char* parameter, uint64_t value, uint64_t limit, const Site& site);

}  // namespace ascendc_sim
