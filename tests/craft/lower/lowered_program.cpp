#include "lowered_program.h"

#include <fstream>
#include <sstream>

#include "craft/check/checker.h"
#include "craft/syntax/parser.h"

namespace akgen::craft::testing {

LoweredProgram LowerFile(const std::filesystem::path& program) {
  std::ifstream file(program);
  std::stringstream source;
  source << file.rdbuf();
  LoweredProgram lowered;
  ParseResult parsed = Parse(source.str(), program.filename().string());
  for (const Diagnostic& diagnostic : parsed.diagnostics) lowered.problems += Format(diagnostic);
  if (!parsed.program) return lowered;
  std::vector<Diagnostic> diagnostics;
  const ProgramModel model = BuildModel(*parsed.program, program.filename().string(), diagnostics);
  bool errors = false;
  for (const Diagnostic& diagnostic : diagnostics) {
    if (diagnostic.severity != Severity::Error) continue;
    errors = true;
    lowered.problems += Format(diagnostic);
  }
  if (errors) return lowered;
  LoweringResult result = LowerProgram(*parsed.program, model);
  if (!result.op) lowered.problems += "not lowered: " + result.unsupported + "\n";
  lowered.op = std::move(result.op);
  return lowered;
}

}  // namespace akgen::craft::testing
