// The NPU toolchain's launch syntax `kernel<<<blockDim, l2ctrl, stream>>>(args...)`, which g++ cannot
// parse. The harness rewrites each such launch into
// `::ascendc_sim::ChevronLaunch(kernel, "kernel", blockDim, l2ctrl, stream)(args...)` (same tokens,
// same lines), so NPU-mode kernel files that define a host-side `<name>_do` wrapper compile and the
// wrapper launches like ICPU_RUN_KF.
#pragma once
#include <cstdint>
#include <source_location>

#include "ascendc_sim/kernel_launch.h"

namespace ascendc_sim {

template <class Kernel>
struct ChevronLauncher {
  Kernel* kernel;
  const char* name;
  uint32_t blockDim;
  Site site;

  // The stream launch returns nothing; a failed simulated launch ends the program as ICPU_RUN_KF does.
  template <class... Args>
  void operator()(Args... args) const {
    CheckKernelArguments(site, args...);
    auto body = [&] { kernel(args...); };
    if (RunKernel(name, blockDim, body, site) != 0) rt::ExitAfterFailedLaunch();
  }
};

// The l2ctrl and stream operands select hardware queues; the simulator has one, so they are unused.
template <class Kernel, class L2Ctrl, class Stream>
ChevronLauncher<Kernel> ChevronLaunch(Kernel* kernel, const char* name, uint32_t blockDim, const L2Ctrl&,
                                      const Stream&,
                                      std::source_location location = std::source_location::current()) {
  return {kernel, name, blockDim, MakeSite(name, location)};
}

}  // namespace ascendc_sim
