#include "craft/solutions/mkb_dsl_sample.h"

#include "bench/common/content_hash.h"
#include "bench/task/candidate.h"
#include "bench/task/mkb_six_strings.h"
#include "bench/task/mkb_tree.h"
#include "craft/craft.h"
#include "craft/lower/mkb_glue.h"
#include "craft/program_files.h"
#include "craft/solutions/dsl_samples.h"
#include "craft/syntax/parser.h"

namespace akgen::craft {
namespace {

namespace fs = std::filesystem;

std::string SixStrings(const CompiledOp& op, const lower::MkbGlue& glue) {
  const auto file = [&op](const std::string& path) { return op.files.at(path); };
  return bench::MkbSixStringFileText(
      {glue.projectJson, file("op_host/" + op.kernelName + "_tiling.h"), file("op_host/" + op.kernelName + ".cpp"),
       file("op_kernel/" + op.kernelName + ".cpp"), glue.binding, glue.model},
      "Written by akgen from a craft program: the op's sources as craft compiled them, and the glue\n"
      "MultiKernelBench's judge calls the op through.");
}

// A signature diagnostic at the program's op header.
std::string SignatureError(const fs::path& program, const OpHeader& op, const std::string& message,
                           const std::string& hint) {
  return Format(Diagnostic{program.string(), op.at.line, op.at.column, Severity::Error, "signature", message, hint});
}

// The compile_error.txt text, or "" when the program became `sixStrings`.
std::string Translate(const std::string& source, const fs::path& program, const bench::Task& task,
                      std::string& sixStrings) {
  const CompileResult compiled = Compile(source, program.string());
  if (!compiled.op) {
    std::string log;
    for (const Diagnostic& diagnostic : compiled.diagnostics) log += Format(diagnostic);
    return log;
  }
  const OpHeader header = Parse(source, program.string()).program->op;
  if (compiled.op->kernelName != task.kernelName)
    return SignatureError(program, header, "the op is " + header.name + ", not " + task.opName,
                          "MultiKernelBench calls this task's op " + task.opName + ": write `op " + task.opName + ":`");
  const lower::MkbGlue glue =
      lower::MkbGlueFor(header, task.kernelName, bench::ReadMkbModelSignature(bench::ReadFileText(task.files.module)));
  if (!glue.problem.empty())
    return SignatureError(program, header, glue.problem, "the op's signature is Model's: see the task's file");
  sixStrings = SixStrings(*compiled.op, glue);
  return "";
}

}  // namespace

fs::path MkbSixStringFile(const fs::path& sample) { return sample.string() + ".py"; }

bool WriteMkbDslSample(const std::string& source, const fs::path& program, const fs::path& sample,
                       const bench::Task& task) {
  std::string sixStrings;
  const std::string log = Translate(source, program, task, sixStrings);
  if (log.empty())
    WriteTextFile(MkbSixStringFile(sample), sixStrings);
  else
    WriteTextFile(sample / bench::kGeneratorErrorFile, log);
  // Last, so a sample holding its program is complete even if writing was interrupted.
  WriteTextFile(sample / kSampleProgramFolder / program.filename(), source);
  return log.empty();
}

}  // namespace akgen::craft
