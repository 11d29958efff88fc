// CANN's CPU-debug entry points: GM allocation, kernel mode, tiling key and the kernel launcher.
#pragma once
#include "ascendc_sim/enums.h"
#include "ascendc_sim/kernel_launch.h"
#include "ascendc_sim/runtime.h"

namespace AscendC {

inline void* GmAlloc(size_t size) { return ascendc_sim::rt::GmAlloc(size); }
inline void GmFree(void* pointer) { ascendc_sim::rt::GmFree(pointer); }
inline void SetKernelMode(KernelMode mode) { ascendc_sim::rt::SetKernelMode(uint8_t(mode)); }

}  // namespace AscendC

#define ICPU_SET_TILING_KEY(key) ::ascendc_sim::rt::SetTilingKey(uint64_t(key))

// Runs `func` on `blockDim` simulated blocks, on the cores SetKernelMode names (cpu_debug_launch);
// a runtime error ends the program with status 1.
#define ICPU_RUN_KF(func, blockDim, ...)                                                                  \
  do {                                                                                                    \
    const ::ascendc_sim::Site icpuSite = ::ascendc_sim::MakeSite(#func, std::source_location::current()); \
    ::ascendc_sim::CheckKernelArguments(icpuSite, __VA_ARGS__);                                           \
    auto icpuBody = [&]() { func(__VA_ARGS__); };                                                         \
    if (::ascendc_sim::RunDebugKernel(#func, uint32_t(blockDim), icpuBody, icpuSite) != 0)                \
      ::ascendc_sim::rt::ExitAfterFailedLaunch();                                                         \
  } while (0)
