#include "bench/builder/kernel_source_check.h"

#include <fstream>

#include "bench/builder/npu_syntax.h"
#include "bench/builder/toolchain.h"

namespace akgen::bench {

namespace fs = std::filesystem;

CompilerRun CheckKernelSource(const std::string& source, const fs::path& workDir) {
  fs::create_directories(workDir);
  fs::permissions(workDir, fs::perms::others_all | fs::perms::group_all, fs::perm_options::add);
  const fs::path file = workDir / "kernel.cpp";
  // A host launcher beside the kernel (`kernel<<<…>>>(…)`) is rewritten as the builder does.
  std::ofstream(file, std::ios::binary | std::ios::trunc)
      << RewriteNpuSyntax(source, "kernel.cpp").value_or(source);
  fs::permissions(file, fs::perms::others_read | fs::perms::group_read, fs::perm_options::add);
  const Toolchain& toolchain = HarnessToolchain();
  std::vector<std::string> argv = {toolchain.compiler};
  argv.insert(argv.end(), toolchain.compileFlags.begin(), toolchain.compileFlags.end());
  argv.insert(argv.end(), {"-fsyntax-only", "kernel.cpp"});
  return RunCandidateCompiler(argv, workDir, CandidateReadablePaths({workDir}));
}

}  // namespace akgen::bench
