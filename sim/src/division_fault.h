// Integer division by zero in kernel code. The AI core's scalar unit has no divide trap: Catlass
// kernels compute `x % 0` for a next tile that does not exist and never use the result. x86 traps
// (SIGFPE), so the simulator completes such a division in place and warns once per launch.
#pragma once
#include <cstdint>

namespace ascendc_sim {

// Installs the handler (once); it acts only while a block's code runs.
void CatchKernelDivisionFaults();
// Divisions completed since the last call (launch.cpp warns after the launch).
uint64_t TakeKernelDivisionFaults();

}  // namespace ascendc_sim
