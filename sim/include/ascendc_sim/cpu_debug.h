// CANN's CPU-debug entry points: GM allocation, kernel mode, tiling key and the kernel launcher.
#pragma once
#include <type_traits>

#include "ascendc_sim/enums.h"
#include "ascendc_sim/runtime.h"

namespace AscendC {

inline void* GmAlloc(size_t size) { return ascendc_sim::rt::GmAlloc(size); }
inline void GmFree(void* pointer) { ascendc_sim::rt::GmFree(pointer); }
inline void SetKernelMode(KernelMode mode) { ascendc_sim::rt::SetKernelMode(uint8_t(mode)); }

}  // namespace AscendC

namespace ascendc_sim {

// Pointer arguments must be global memory from GmAlloc, as the real launcher requires.
template <class... Args>
void CheckKernelArguments(Site site, const Args&... args) {
  int index = 0;
  auto check = [&](const auto& argument) {
    if constexpr (std::is_pointer_v<std::decay_t<decltype(argument)>>) {
      rt::CheckKernelArgument(static_cast<const void*>(argument), index, site);
    }
    ++index;
  };
  (check(args), ...);
}

template <class Body>
int RunKernel(const char* name, uint32_t blockDim, Body& body, Site site) {
  return rt::Launch(name, blockDim, [](void* context) { (*static_cast<Body*>(context))(); }, &body, site);
}

}  // namespace ascendc_sim

#define ICPU_SET_TILING_KEY(key) ::ascendc_sim::rt::SetTilingKey(uint64_t(key))

// Runs `func` on `blockDim` simulated blocks; a runtime error ends the program with status 1.
#define ICPU_RUN_KF(func, blockDim, ...)                                                              \
  do {                                                                                                \
    const ::ascendc_sim::Site icpuSite = ::ascendc_sim::MakeSite(#func, std::source_location::current()); \
    ::ascendc_sim::CheckKernelArguments(icpuSite, __VA_ARGS__);                                       \
    auto icpuBody = [&]() { func(__VA_ARGS__); };                                                     \
    if (::ascendc_sim::RunKernel(#func, uint32_t(blockDim), icpuBody, icpuSite) != 0)                 \
      ::ascendc_sim::rt::ExitAfterFailedLaunch();                                                      \
  } while (0)
