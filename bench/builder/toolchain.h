// How the harness compiles candidates: the compiler, the simulator's include directory and library,
// and the prebuilt objects of the sandboxed programs (bench/runner/*_main.cpp), all fixed when
// akgen is built.
#pragma once
#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

#include "bench/common/content_hash.h"

namespace akgen::bench {

struct Toolchain {
  std::string compiler;                   // $CXX, else g++
  std::string version;                    // the compiler's first --version line, part of every cache key
  std::vector<std::string> compileFlags;  // for op_host, kernel and shim sources
  std::vector<std::string> linkFlags;     // for every program and library linked with the simulator
  // For kernel sources alone: the instrumentation through which the simulator charges scalar work
  // (sim/src/scalar_code.h; sim/CMakeLists.txt's AKGEN_KERNEL_INSTRUMENTATION).
  std::vector<std::string> kernelInstrumentation;
  std::vector<std::filesystem::path> describeObjects;
  std::vector<std::filesystem::path> runnerObjects;
  std::filesystem::path simulatorLibrary;
  // Every file of the simulator's include tree: kernels compile against these headers, so a header
  // edit must invalidate cached builds even when the library itself did not change.
  std::vector<std::filesystem::path> simulatorHeaders;
};

// Candidates are built as NPU builds compile them: __CCE_AICORE__ and __NPU_ARCH__ defined,
// ASCENDC_CPU_DEBUG (ASSERT) and __CCE_KT_TEST__ not. Computed once; safe to call from any thread.
const Toolchain& HarnessToolchain();

// Adds to a build's key what every candidate build depends on: the compiler, its flags, the
// simulator's headers and library, and `linkInputs` (the prebuilt program objects linked in).
ContentHash& AddToolchain(ContentHash& hash, const std::vector<std::filesystem::path>& linkInputs);

// What kernel sources are compiled with besides the toolchain's flags: heap calls kept as calls
// (for the device-code check) and the instrumentation through which the simulator charges scalar work.
const std::vector<std::string>& KernelOnlyFlags();

// What a candidate's compile may read besides the system: the simulator's headers, library and
// prebuilt program objects, and the given source folders and files.
std::vector<std::filesystem::path> CandidateReadablePaths(std::vector<std::filesystem::path> sources);

// When candidates compile as another user (SandboxRunsAsOtherUsers), `sandboxUid` cannot read a
// toolchain built in a private folder (a clone in /root or a 0700 home): its headers, library and
// objects are then copied under `root` and used from there. Call before any build starts; later
// calls do nothing.
void StageHarnessToolchain(uid_t sandboxUid, const std::filesystem::path& root);

}  // namespace akgen::bench
