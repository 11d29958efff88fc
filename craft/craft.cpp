// The facade of craft.h: parse, check (the program model), lower.
#include "craft/craft.h"

#include "craft/check/checker.h"
#include "craft/lower/lower.h"
#include "craft/syntax/parser.h"

namespace akgen::craft {
namespace {

bool HasError(const std::vector<Diagnostic>& diagnostics) { return CheckResult{diagnostics}.HasErrors(); }

}  // namespace

CheckResult Check(const std::string& source, const std::string& fileName) {
  ParseResult parsed = Parse(source, fileName);
  if (parsed.program) BuildModel(*parsed.program, fileName, parsed.diagnostics);
  return {std::move(parsed.diagnostics)};
}

CompileResult Compile(const std::string& source, const std::string& fileName) {
  ParseResult parsed = Parse(source, fileName);
  CompileResult result;
  if (!parsed.program) {
    result.diagnostics = std::move(parsed.diagnostics);
    return result;
  }
  const ProgramModel model = BuildModel(*parsed.program, fileName, parsed.diagnostics);
  result.diagnostics = std::move(parsed.diagnostics);
  if (HasError(result.diagnostics)) return result;
  LoweringResult lowered = LowerProgram(*parsed.program, model);
  if (lowered.op) {
    result.op = std::move(lowered.op);
  } else {
    const SourcePosition at = parsed.program->op.at;
    result.diagnostics.push_back({fileName, at.line, at.column, Severity::Error, "unsupported",
                                  "the lowering does not handle " + lowered.unsupported + " yet",
                                  "rewrite it with the constructs of docs/dsl.md that lower today"});
  }
  return result;
}

}  // namespace akgen::craft
