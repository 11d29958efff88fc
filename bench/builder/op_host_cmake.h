// Which op_host sources make an op's host program, and in which libraries: what CANN builds from
// the op's CMakeLists.txt in cann-ops layout (beside op_host/ and op_kernel/, where NPUKernelBench
// answers have it), else every op_host/*.cpp as one library, as msopgen's template builds them
// (NPUKernelBench's kernel-only builds and generated full candidates).
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace akgen::bench {

inline constexpr const char* kOpCmakeFile = "CMakeLists.txt";

// One CANN library: `optiling` (tiling), `opsproto` (shape inference), `op_host_aclnn` or
// `op_host_aclnnInner` (the op definition, OP_ADD); `op_host` for a whole folder.
struct HostLibrary {
  std::string target;
  std::vector<std::filesystem::path> sources;  // in the order the file lists them; each source of the op in one library
};

struct HostSourcePlan {
  std::vector<HostLibrary> libraries;  // none without sources; no library is empty
  // add_ops_compile_options(OP_NAME <op or ALL> OPTIONS ...): the kernel's compile options, e.g.
  // --cce-auto-sync=on. Options for another op name do not apply to this one, as in CANN.
  std::vector<std::string> kernelCompileOptions;
  std::string note;  // for the build log: why the op's CMakeLists.txt was not followed
  std::optional<std::filesystem::path> cmakeFile;  // the CMakeLists.txt read, followed or not: a build input
};

// Every .cpp among `hostFiles` (the files below op_host/) as one library.
HostSourcePlan WholeFolderPlan(const std::vector<std::filesystem::path>& hostFiles);

// The plan `opDirectory`/CMakeLists.txt gives, read after replacing `CustomOp` and `custom_op` by the
// op's and kernel's names as NPUKernelBench does when it copies an answer. Without that file, or
// when the file says anything about sources this reader does not understand, WholeFolderPlan, with
// a note in the second case: sources are never dropped on a guess.
HostSourcePlan ReadOpHostCmake(const std::filesystem::path& opDirectory,
                               const std::vector<std::filesystem::path>& hostFiles, const std::string& opName,
                               const std::string& kernelName);

}  // namespace akgen::bench
