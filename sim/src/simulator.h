// Host-side interface of the simulator for programs that drive launches themselves (the harness,
// tests): global memory they own, and the diagnostics of the last launch.
#pragma once
#include <cstddef>
#include <vector>

#include "diagnostics.h"

namespace ascendc_sim {

// Makes host memory visible to kernels as global memory with these bounds.
void RegisterGlobalMemory(void* pointer, size_t bytes);
void UnregisterGlobalMemory(void* pointer);

}  // namespace ascendc_sim
