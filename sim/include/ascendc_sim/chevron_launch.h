// The NPU toolchain's launch syntax `kernel<<<blockDim, l2ctrl, stream>>>(args...)`, which g++ cannot
// parse. The harness rewrites each such launch into
// `::ascendc_sim::ChevronLaunch(AKGEN_KERNEL_CALLER(kernel), "kernel", blockDim, l2ctrl, stream)(args...)`
// (same lines), so NPU-mode kernel files that define a host-side `<name>_do` wrapper compile and the
// wrapper launches like ICPU_RUN_KF. CANN compiles a kernel file for the AI core only, so it never
// builds such a wrapper: one that launches a name which is no kernel for its arguments (CosMath's
// `cos<<<...>>>` beside its kernel `cos_math`) compiles here too, and launching it is an error.
#pragma once
// Out of line: a kernel file keeps to what device code may reference (no iostream initialiser).
#include <cstdint>
#include <source_location>
#include <type_traits>

#include "ascendc_sim/kernel_launch.h"

namespace ascendc_sim {

// A callable that calls the named function with its arguments, and is not callable (rather than
// ill-formed) when it is no function taking them, such as an overloaded math function. Variadic, as
// a kernel template's arguments may hold commas (`kernel<float, 4>`).
#define AKGEN_KERNEL_CALLER(...) \
  [](auto... kernelArguments) -> decltype(__VA_ARGS__(kernelArguments...)) { \
    return __VA_ARGS__(kernelArguments...);                                   \
  }

template <class Kernel>
struct ChevronLauncher {
  Kernel kernel;
  const char* name;
  uint32_t blockDim;
  Site site;

  // The stream launch returns nothing; a failed simulated launch ends the program as ICPU_RUN_KF does.
  template <class... Args>
  void operator()(Args... args) const {
    if constexpr (std::is_invocable_v<const Kernel&, Args...>) {
      CheckKernelArguments(site, args...);
      auto body = [&] { kernel(args...); };
      if (RunKernel(name, blockDim, body, site) != 0) rt::ExitAfterFailedLaunch();
    } else {
      rt::ExitAfterUncallableChevronLaunch(name, site);
    }
  }
};

// The l2ctrl and stream operands select hardware queues; the simulator has one, so they are unused.
template <class Kernel, class L2Ctrl, class Stream>
ChevronLauncher<Kernel> ChevronLaunch(Kernel kernel, const char* name, uint32_t blockDim, const L2Ctrl&,
                                      const Stream&,
                                      std::source_location location = std::source_location::current()) {
  return {kernel, name, blockDim, MakeSite(name, location)};
}

}  // namespace ascendc_sim
