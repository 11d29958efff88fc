// The kernel body (docs/dsl.md, "Kernel") as op_kernel/<kernel>.cpp: a class Kernel<Op> templated
// on the dtype variables, with Init, Process and one CopyInN/ComputeN/CopyOutN member per stage
// block, and the kernel entry that reads the tiling and runs it.
#pragma once
#include <string>
#include <vector>

#include "craft/check/program_model.h"
#include "craft/lower/tiling.h"
#include "craft/syntax/ast.h"

namespace akgen::craft::lower {

// Throws std::invalid_argument for a kernel construct the lowering does not support.
std::string KernelSource(const Program& program, const ProgramModel& model, const std::vector<TilingField>& fields,
                         const std::string& kernelName);

}  // namespace akgen::craft::lower
