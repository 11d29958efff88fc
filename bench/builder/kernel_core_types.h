// Which cores run a kernel, decided from what its two builds compiled, as CANN decides it for an
// Atlas A2: it compiles the kernel for the cube core and for the vector cores, and launches cube
// cores only when the code has cube work (a cube instruction in either binary, a Matmul server) or
// a declared kernel type starts them. A guard that picks a core type (`if ASCEND_IS_AIV`) makes no
// kernel mixed, and neither does a cube call in a comment, a `#if` branch not compiled, or a header
// whose functions are never used: only code that reaches an object counts.
#pragma once
#include <set>
#include <string_view>
#include <vector>

#include "bench/builder/device_code.h"

namespace akgen::bench {

// The mangled name of ascendc_sim::kDeclaredKernelType<N> up to N: every KERNEL_TASK_TYPE_DEFAULT or
// KERNEL_TASK_TYPE that reaches an object defines one (sim/include/ascendc_sim/keywords.h).
inline constexpr std::string_view kDeclaredKernelTypeSymbolPrefix = "_ZN11ascendc_sim19kDeclaredKernelTypeILh";

// The KernelMetaType values `objects` declare.
std::set<unsigned> DeclaredKernelTypes(const std::vector<ObjectSymbols>& objects);

// Whether `objects` call one of the simulator's cube functions: Mmad, LoadData, Fixpipe, a copy into
// the bias table, or a Matmul object's registration or request (the cube core serves it).
bool HasCubeWork(const std::vector<ObjectSymbols>& objects);

// Whether a kernel built for both core types needs its cube-core build: either build has cube work
// or declares a kernel type that starts cube cores (AIC_ONLY, MIX_AIC_1_0, MIX_AIC_1_1).
// MIX_AIC_1_2 without cube work runs two vector cores per block and no cube core.
bool NeedsCubeCores(const std::vector<std::vector<ObjectSymbols>>& builds);

}  // namespace akgen::bench
