// The lowering of a checked craft program to AscendC sources in NPUKernelBench's full layout
// (docs/dsl.md, "How a program is lowered"). Deterministic: the same program and model give the
// same bytes.
#pragma once
#include <optional>
#include <string>

#include "craft/check/program_model.h"
#include "craft/craft.h"
#include "craft/syntax/ast.h"

namespace akgen::craft {

struct LoweringResult {
  std::optional<CompiledOp> op;  // set when the program lowered
  std::string unsupported;       // otherwise: the construct the lowering does not handle yet
};

// `model` is BuildModel's for `program`, complete (the check gave no error).
LoweringResult LowerProgram(const Program& program, const ProgramModel& model);

}  // namespace akgen::craft
