// What the NPU compiler accepts in kernel sources and g++ does not, and what it decides from them.
//
// Kernel files may define a host wrapper that launches the kernel with the NPU compiler's
// `kernel<<<blockDim, l2ctrl, stream>>>(args...)`, and may spell the `__aicore__` qualifier as the
// compiler's attribute `[aicore]` (code written with CANN's macros already expanded). The harness
// compiles kernels in NPU mode (ASCENDC_CPU_DEBUG undefined), so both reach g++. The rewrite turns
// each launch into a call of the simulator's launcher (sim/include/ascendc_sim/chevron_launch.h) and
// blanks each `[aicore]`, without moving any line.
//
// A kernel that may have cube work is built twice, for the cube core and for the vector cores;
// MayUseCubeCore tells from a source's words whether it may, so a vector kernel is built once.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace akgen::bench {

// `source` with every `name<<<a, b, c>>>(` replaced by
// `::ascendc_sim::ChevronLaunch(AKGEN_KERNEL_CALLER(name), "name", a, b, c)(` and every `[aicore]`
// by spaces, each member template specialised inside its class (member_specializations.h) and each
// class whose constructors are all defaulted (defaulted_constructors.h) rewritten, preceded by `#line 1 "<originalPath>"` (and the launcher's include when a launch was
// rewritten), so compiler messages and diagnostics keep naming the original file and line. No value
// when `source` has neither outside comments and literals.
std::optional<std::string> RewriteNpuSyntax(const std::string& source, const std::string& originalPath);

// Writes each of `files` (below `root`) to the same place below `mirror`: each C++ file rewritten
// (RewriteNpuSyntax) or else prefixed with a #line naming its original, other files as they are, so
// quoted includes find the rewritten headers and messages keep naming the original files. The
// copies, in the order of `files`.
std::vector<std::filesystem::path> MirrorCompilable(const std::vector<std::filesystem::path>& files,
                                                    const std::filesystem::path& root,
                                                    const std::filesystem::path& mirror);

// The end of the comment or literal starting at `i` in C++ `source`, or `i` when none starts there.
size_t SkipCommentOrLiteral(const std::string& source, size_t i);

// Whether `source` may have work for the cube core, judged from its words outside comments and
// literals: a cube-path API (Mmad, LoadData, Fixpipe), a Matmul object or its registration
// (REGIST_MATMUL_OBJ), or a kernel type that starts cube cores. Guards that choose between the core
// types (g_coreType, ASCEND_IS_AIV/AIC, __DAV_C220_VEC__/CUBE__) are not cube work: every careful
// vector kernel has them. A true answer only asks for the second build; what the compiled objects
// reference decides (kernel_core_types.h).
bool MayUseCubeCore(const std::string& source);

}  // namespace akgen::bench
