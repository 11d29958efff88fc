// Running a kernel body on `blockDim` simulated blocks, shared by the CPU-debug launcher (ICPU_RUN_KF)
// and the NPU launch syntax (chevron_launch.h).
#pragma once
#include <type_traits>

#include "ascendc_sim/enums.h"
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

// The launch's context is the body itself.
template <class Body>
void CallBody(void* context) {
  (*static_cast<Body*>(context))();
}

template <class Body>
int RunKernel(const char* name, uint32_t blockDim, Body& body, Site site) {
  return rt::Launch(name, blockDim, &CallBody<Body>, &body, site);
}

// A kernel built for the cube cores only: `cube` runs on each block's cube core.
template <class Cube>
int RunCubeKernel(const char* name, uint32_t blockDim, Cube& cube, Site site) {
  return rt::Launch(name, blockDim, rt::KernelBodies{&CallBody<Cube>, nullptr}, &cube, site);
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

// ICPU_RUN_KF: the CPU-debug build is one build for every core type (g_coreType is the running
// core's), run on the cores SetKernelMode named: AIC_MODE each block's cube core, MIX_MODE one cube
// and two vector cores per block, MIX_AIC_1_1 one of each, AIV_MODE one vector core. With no mode
// set it runs on vector cores: CANN's default is MIX, but a vector kernel's cube core would then
// run it too, which the vector-only samples (all of which set AIV_MODE) never meant.
template <class Body>
int RunDebugKernel(const char* name, uint32_t blockDim, Body& body, Site site) {
  const rt::KernelBody run = &CallBody<Body>;
  switch (rt::RequestedKernelMode()) {
    case int(KernelMode::AIC_MODE):
      return RunCubeKernel(name, blockDim, body, site);
    case int(KernelMode::MIX_MODE):
      return rt::Launch(name, blockDim, rt::KernelBodies{run, run, 2}, &body, site);
    case int(KernelMode::MIX_AIC_1_1):
      return rt::Launch(name, blockDim, rt::KernelBodies{run, run, 1}, &body, site);
    default:
      return RunKernel(name, blockDim, body, site);
  }
}

}  // namespace ascendc_sim
