// What the NPU compiler accepts in kernel sources and g++ does not, and what it decides from them.
//
// Kernel files may define a host wrapper that launches the kernel with the NPU compiler's
// `kernel<<<blockDim, l2ctrl, stream>>>(args...)`, and may spell the `__aicore__` qualifier as the
// compiler's attribute `[aicore]` (code written with CANN's macros already expanded). The harness
// compiles kernels in NPU mode (ASCENDC_CPU_DEBUG undefined), so both reach g++. The rewrite turns
// each launch into a call of the simulator's launcher (sim/include/ascendc_sim/chevron_launch.h) and
// blanks each `[aicore]`, without moving any line.
//
// The NPU compiler also builds a kernel with cube code twice, for the cube core and for the vector
// cores; UsesCubeCore says whether a source asks for that.
#pragma once
#include <optional>
#include <string>

namespace akgen::bench {

// `source` with every `name<<<a, b, c>>>(` replaced by
// `::ascendc_sim::ChevronLaunch(AKGEN_KERNEL_CALLER(name), "name", a, b, c)(` and every `[aicore]`
// by spaces, each member template specialised inside its class (member_specializations.h) and each
// class whose constructors are all defaulted (defaulted_constructors.h) rewritten, preceded by `#line 1 "<originalPath>"` (and the launcher's include when a launch was
// rewritten), so compiler messages and diagnostics keep naming the original file and line. No value
// when `source` has neither outside comments and literals.
std::optional<std::string> RewriteNpuSyntax(const std::string& source, const std::string& originalPath);

// The end of the comment or literal starting at `i` in C++ `source`, or `i` when none starts there.
size_t SkipCommentOrLiteral(const std::string& source, size_t i);

// Whether `source` has code for the cube core, outside comments and literals: a cube-path API
// (Mmad, LoadData, Fixpipe, ...), a test of the core type (g_coreType, ASCEND_IS_AIC/AIV,
// __DAV_C220_CUBE__/__DAV_C220_VEC__), a kernel type with a cube core, or a Matmul object's
// registration (REGIST_MATMUL_OBJ), whose requests the cube core serves.
bool UsesCubeCore(const std::string& source);

}  // namespace akgen::bench
