// The generated translation unit that lets the prebuilt runner call a candidate's kernel, whose
// name and parameter count are known only at build time.
#pragma once
#include <string>

namespace akgen::bench {

// The kernel object's entry symbol is renamed to this before linking: entry names such as `sqrt`
// would otherwise replace the C library's function of that name for the whole runner.
inline constexpr const char* kLinkedKernelSymbol = "akgen_candidate_kernel";

// Defines AkgenKernelArgumentCount() and AkgenLaunchKernel(blockDim, args, count), which runs
// kLinkedKernelSymbol(args[0], ..., args[parameterCount - 1]) on the simulator.
std::string LaunchShimSource(const std::string& kernelName, int parameterCount);

}  // namespace akgen::bench
