// Running a kernel body on `blockDim` simulated blocks, shared by the CPU-debug launcher (ICPU_RUN_KF)
// and the NPU launch syntax (chevron_launch.h).
#pragma once
#include <type_traits>

#include "ascendc_sim/runtime.h"

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

// A kernel built for the cube cores only: `cube` runs on each block's cube core.
template <class Cube>
int RunCubeKernel(const char* name, uint32_t blockDim, Cube& cube, Site site) {
  const rt::KernelBodies bodies{[](void* context) { (*static_cast<Cube*>(context))(); }, nullptr};
  return rt::Launch(name, blockDim, bodies, &cube, site);
}

// A kernel built in two variants: `cube` runs on each block's cube core, `vector` on its vector cores.
template <class Cube, class Vector>
int RunMixedKernel(const char* name, uint32_t blockDim, Cube& cube, Vector& vector, Site site) {
  struct Variants {
    Cube* cube;
    Vector* vector;
  } variants{&cube, &vector};
  const rt::KernelBodies bodies{[](void* context) { (*static_cast<Variants*>(context)->cube)(); },
                                [](void* context) { (*static_cast<Variants*>(context)->vector)(); }};
  return rt::Launch(name, blockDim, bodies, &variants, site);
}

}  // namespace ascendc_sim
