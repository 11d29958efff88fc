// The generated translation unit that lets the prebuilt runner call a candidate's kernel, whose
// name and parameter count are known only at build time.
#pragma once
#include <cstdint>
#include <string>

namespace akgen::bench {

// The kernel object's entry symbol is renamed to this before linking: entry names such as `sqrt`
// would otherwise replace the C library's function of that name for the whole runner.
inline constexpr const char* kLinkedKernelSymbol = "akgen_candidate_kernel";

// A kernel with cube code is linked twice, its variants' entries renamed with these suffixes.
inline constexpr const char* kCubeVariantSuffix = "_aic";
inline constexpr const char* kVectorVariantSuffix = "_aiv";

// The variants a kernel was linked with.
enum class KernelVariants : uint8_t {
  kVectorOnly,  // one build, entry kLinkedKernelSymbol, run on the vector cores
  kCubeOnly,    // entry kLinkedKernelSymbol + kCubeVariantSuffix, run on the cube cores
  kBoth,        // both suffixed entries, each on its cores
};

// Defines AkgenKernelArgumentCount() and AkgenLaunchKernel(blockDim, args, count), which runs the
// kernel's entries with (args[0], ..., args[parameterCount - 1]) on the simulator.
std::string LaunchShimSource(const std::string& kernelName, int parameterCount, KernelVariants variants);

}  // namespace akgen::bench
