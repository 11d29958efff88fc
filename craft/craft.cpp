// The facade of craft.h: parse, check (the program model), lower.
#include "craft/craft.h"

#include "craft/check/checker.h"
#include "craft/check/op_def_signature.h"
#include "craft/lower/lower.h"
#include "craft/syntax/parser.h"

namespace akgen::craft {
namespace {

bool HasError(const std::vector<Diagnostic>& diagnostics) { return CheckResult{diagnostics}.HasErrors(); }

// The signature diagnostics of a checked program, after the checker's own.
void AddSignatureDiagnostics(const Program& program, const ProgramModel& model, const std::string& fileName,
                             const TaskSignature* task, std::vector<Diagnostic>& diagnostics) {
  if (!task || HasError(diagnostics)) return;
  for (Diagnostic& diagnostic : CheckSignature(program.op, model, task->opDef, fileName, task->templatePath))
    diagnostics.push_back(std::move(diagnostic));
}

}  // namespace

CheckResult Check(const std::string& source, const std::string& fileName, const TaskSignature* task) {
  ParseResult parsed = Parse(source, fileName);
  if (parsed.program) {
    const ProgramModel model = BuildModel(*parsed.program, fileName, parsed.diagnostics);
    AddSignatureDiagnostics(*parsed.program, model, fileName, task, parsed.diagnostics);
  }
  return {std::move(parsed.diagnostics)};
}

CompileResult Compile(const std::string& source, const std::string& fileName, const TaskSignature* task) {
  ParseResult parsed = Parse(source, fileName);
  CompileResult result;
  if (!parsed.program) {
    result.diagnostics = std::move(parsed.diagnostics);
    return result;
  }
  const ProgramModel model = BuildModel(*parsed.program, fileName, parsed.diagnostics);
  AddSignatureDiagnostics(*parsed.program, model, fileName, task, parsed.diagnostics);
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
