// Test support: a craft program file parsed, checked and lowered, with every diagnostic kept.
#pragma once
#include <filesystem>
#include <string>

#include "craft/lower/lower.h"

namespace akgen::craft::testing {

struct LoweredProgram {
  std::string problems;  // formatted diagnostics (errors), or why the lowering stopped
  std::optional<CompiledOp> op;
};

LoweredProgram LowerFile(const std::filesystem::path& program);

}  // namespace akgen::craft::testing
