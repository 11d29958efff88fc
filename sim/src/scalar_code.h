// The scalar unit's own work in kernel code: its basic blocks, and its loads and stores through
// pointers. The harness compiles kernel sources with GCC instrumentation (bench's kernel flags):
//   -fsanitize-coverage=trace-pc           a __sanitizer_cov_trace_pc call in every basic block;
//   -fsanitize=kernel-address, outlined,   a __asan_{load,store}N_noabort(address) call before every
//    without stack or global checks         load and store;
// and the kernel objects' memcpy/memmove/memset calls are renamed to akgen_kernel_mem*. The
// definitions of those entry points (scalar_code.cpp) charge the running block: a basic block
// costs scalarBlockCycles on the scalar pipe, and a load or store that reaches global memory or an
// on-chip buffer is a scalar access (RecordScalarAccess: GM through the data cache), and so is one
// that reaches the kernel's own global variables (an AI core keeps them, `__gm__` ones included,
// in GM). The block's stack is free. A kernel compiled without the instrumentation calls none of it.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

namespace ascendc_sim {

// Kernel code of the block whose fiber has this stack runs from now until LeaveKernelCode.
void EnterKernelCode(const void* stack, size_t stackBytes);
void LeaveKernelCode();
// Whether a block's code (the kernel, or the runtime it called) is running.
bool InKernelCode();
// The basic blocks kernel code ran since the last call.
uint64_t TakeKernelBasicBlocks();

// The harness moves the kernel objects' writable data into these sections (objcopy), so the
// simulator knows the kernel's own global variables from its own memory.
inline constexpr std::array<std::pair<std::string_view, std::string_view>, 2> kKernelDataSections = {
    {{".data", "akgen_kernel_data"}, {".bss", "akgen_kernel_bss"}}};
// Where [at, at + bytes) lies in the kernel's own global variables (.data, then .bss, as one
// range), when it lies there.
std::optional<uint64_t> KernelDataOffset(uintptr_t at, uint64_t bytes);
// From now on, a kernel store that reaches neither its stack, an on-chip buffer, GM nor its own
// global variables is a [wild-pointer] error: on an AI core the address does not exist, and here it
// is the simulator's own memory (its counters and timelines). The harness's launch program confines
// kernels; programs built with `akgen cc` keep their globals in .data and are not confined.
void ConfineKernelStores();

}  // namespace ascendc_sim
