// Turns a candidate into the sandboxed programs, in two phases (docs/harness-design.md):
//  1. BuildHost: the op_host sources (the candidate's in full mode, chosen by its CMakeLists.txt where
//     it has one, op_host_cmake.h; the task's question/op_host in kernel-only mode), each CANN library
//     combined apart (library_symbols.h), + describe_main → `describe`, which reports the op and its
//     kernel prelude.
//  2. BuildRunner: the kernel sources with the prelude force-included, a launch shim for the kernel
//     entry and runner_main, with the op_host objects → `runner` (which runs the tiling), without
//     them → `launch` (which launches the kernel with no candidate host code in its process).
// Every build lives in a cache folder named by a hash of everything it depends on (sources, flags,
// prelude, compiler version, link inputs) and is published by an atomic rename, so a rebuild is a
// cache hit and independent builds may run on several threads at once. Failed builds are cached too.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "bench/task/candidate.h"
#include "bench/task/task.h"

namespace akgen::bench {

struct BuildOutcome {
  bool ok = false;
  bool cacheHit = false;
  std::string log;  // compiler and linker output of a failed build
  std::filesystem::path directory;
  std::filesystem::path program;  // `describe` or `runner`
};

struct HostBuild : BuildOutcome {
  std::string key;
  std::vector<std::filesystem::path> objects;  // one relocatable object per library, for the runner's link
  // The op's kernel compile options from its CMakeLists.txt (e.g. --cce-auto-sync=on), for the
  // harness to use; the builder does not apply them. Set whether or not the build succeeded.
  std::vector<std::string> kernelCompileOptions;
};

struct RunnerBuild : BuildOutcome {
  std::string parseProblem;  // no kernel entry to launch: a parse_error, nothing was compiled
  std::filesystem::path launchProgram;  // beside `program` (the tiling's `runner`)
};

HostBuild BuildHost(const std::filesystem::path& cacheDir, const Task& task, const Candidate& candidate);

// `host` must have built; `prelude` is describe's KernelPrelude for the case's dtypes.
RunnerBuild BuildRunner(const std::filesystem::path& cacheDir, const HostBuild& host, const Task& task,
                        const Candidate& candidate, const std::string& prelude);

}  // namespace akgen::bench
