// Bounds of global memory, for runtime code that accesses it on the kernel's behalf.
#pragma once
#include <cstdint>

#include "ascendc_sim/runtime.h"

namespace ascendc_sim {

// Reports gm-out-of-bounds unless [ref.address, ref.address + bytes) lies in one GmAlloc region.
// rt::CheckGlobal does this for the scalar unit's own accesses and also records them.
void CheckGlobalBounds(const GlobalRef& ref, uint64_t bytes, Access access, const Site& site);
// The address the cost model sees for a host address of GM or of the kernel's own global variables
// (the data cache's slots and the L2's lines are taken from it; global_memory.cpp says why).
uint64_t DeviceAddress(const uint8_t* address);
// A write of `bytes` to GM by a data mover or the fixpipe under the block's atomic mode
// (SetAtomicAdd/Max/Min): plain, or combined element-wise with what GM holds.
void WriteGlobal(uint8_t* to, const uint8_t* from, uint64_t bytes);

}  // namespace ascendc_sim
