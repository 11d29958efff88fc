// The op header (docs/dsl.md, "The op header") as the OpDef with its InferShape and InferDataType.
#pragma once
#include <string>

#include "craft/check/program_model.h"
#include "craft/syntax/ast.h"

namespace akgen::craft::lower {

// The `namespace ge {...}` shape and dtype inference and the `namespace ops {...}` OpDef.
// Throws std::invalid_argument for an output shape it cannot express.
std::string OpDefinition(const OpHeader& op, const ProgramModel& model);

}  // namespace akgen::craft::lower
