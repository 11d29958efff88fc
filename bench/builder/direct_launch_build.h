// A MultiKernelBench direct-launch candidate (`build.type` "ascendc_direct_launch"), built as its
// backend builds it on the NPU: the kernel files, whose host functions launch kernel templates with
// `<<<blocks, l2ctrl, stream>>>`, and the one pybind11 binding that calls them, linked into the
// Python module the binding names (`PYBIND11_MODULE(benchmark_ops, m)` → benchmark_ops.so) that the
// candidate's ModelNew imports. Here the kernel files compile against the simulator as every
// candidate kernel does (rewritten launches, instrumented scalar code), the binding against
// Debian's libtorch with a torch_npu stand-in for the current stream, and the module links the
// simulator's runtime plus an allocator that puts every CPU tensor in simulated global memory
// (python/akgen_oracle/direct_launch). Only the compiler runs, sandboxed; the build is cached by
// content.
#pragma once
#include <filesystem>
#include <string>

#include "bench/builder/binding_build.h"
#include "bench/builder/candidate_build.h"

namespace akgen::bench {

struct DirectLaunchBuild : BuildOutcome {
  std::string problem;  // non-empty: nothing to build (a parse_error), and why
  std::string moduleName;
  // Where the module goes among the candidate's sources: `build/` beside the binding source, where
  // the backend's CMake build leaves it and where ModelNew looks for it.
  std::filesystem::path moduleDirectory;
};

// `sourcesDir` holds the candidate's files at their own paths; `shimDir` the stand-ins
// (python/akgen_oracle/direct_launch); `flags` torch's, as for a six-string binding.
DirectLaunchBuild BuildDirectLaunch(const std::filesystem::path& cacheDir, const std::filesystem::path& sourcesDir,
                                    const std::filesystem::path& shimDir, const BindingFlags& flags);

}  // namespace akgen::bench
