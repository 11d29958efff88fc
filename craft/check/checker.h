// The craft checker (docs/dsl.md "Checker diagnostics"): resolves names and dtypes, classifies
// buffers by the stages that use them, bounds slices and the UB budget, and builds the model the
// lowering consumes.
#pragma once
#include <string>
#include <vector>

#include "craft/check/program_model.h"
#include "craft/craft.h"
#include "craft/syntax/ast.h"

namespace akgen::craft {

// Appends every problem to `diagnostics` (kinds unknown-name, ub-budget, stage, dtype,
// unbounded-slice, rationale; `fileName` labels them). The model is complete when none is an
// error; otherwise it holds what could be resolved.
ProgramModel BuildModel(const Program& program, const std::string& fileName, std::vector<Diagnostic>& diagnostics);

}  // namespace akgen::craft
