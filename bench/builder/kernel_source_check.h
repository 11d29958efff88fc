// Whether one self-contained kernel source compiles against the simulator, as a candidate's kernel
// is compiled (the harness toolchain's flags), without generating code; in the sandbox, since the
// source comes from a tree nobody vetted.
#pragma once
#include <filesystem>
#include <string>

#include "bench/builder/compiler_process.h"

namespace akgen::bench {

// Writes `source` (its NPU syntax rewritten, npu_syntax.h) to `workDir`/kernel.cpp and
// compiles it there with -fsyntax-only. When sandboxed
// programs run as another user, call StageHarnessToolchain first (toolchain.h) if the simulator's
// headers lie in a private folder.
CompilerRun CheckKernelSource(const std::string& source, const std::filesystem::path& workDir);

}  // namespace akgen::bench
