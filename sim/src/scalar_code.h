// The scalar unit's own work in kernel code: its basic blocks, and its loads and stores through
// pointers. The harness compiles kernel sources with GCC instrumentation (bench's kernel flags):
//   -fsanitize-coverage=trace-pc           a __sanitizer_cov_trace_pc call in every basic block;
//   -fsanitize=kernel-address, outlined,   a __asan_{load,store}N_noabort(address) call before every
//    without stack or global checks         load and store;
// and the kernel objects' memcpy/memmove/memset calls are renamed to akgen_kernel_mem*. The
// definitions of those entry points (scalar_code.cpp) charge the running block: a basic block
// costs scalarBlockCycles on the scalar pipe, and a load or store that reaches global memory or an
// on-chip buffer is a scalar access (RecordScalarAccess: GM through the data cache). The block's
// stack and host memory are free. A kernel compiled without the instrumentation calls none of it.
#pragma once
#include <cstddef>
#include <cstdint>

namespace ascendc_sim {

// Kernel code of the block whose fiber has this stack runs from now until LeaveKernelCode.
void EnterKernelCode(const void* stack, size_t stackBytes);
void LeaveKernelCode();
// The basic blocks kernel code ran since the last call.
uint64_t TakeKernelBasicBlocks();

}  // namespace ascendc_sim
