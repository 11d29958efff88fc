// The craft DSL's public interface (docs/dsl.md): check a program, and compile it to AscendC sources
// in NPUKernelBench's full layout. Both are deterministic and never throw on a malformed program:
// every problem is a Diagnostic.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace akgen::craft {

enum class Severity { Error, Warning };

// `FILE:LINE:COL: error: MESSAGE [kind]` and a `hint:` line, like a compiler's.
struct Diagnostic {
  std::string file;
  int line = 0;    // 1-based
  int column = 0;  // 1-based, in bytes
  Severity severity = Severity::Error;
  std::string kind;  // syntax, unknown-name, ub-budget, stage, dtype, unbounded-slice, signature, rationale
  std::string message;
  std::string hint;
};

std::string Format(const Diagnostic& diagnostic);  // both lines, each ending in '\n'

// The sources of one op: paths relative to the candidate directory (`op_host/sqrt.cpp`,
// `op_host/sqrt_tiling.h`, `op_kernel/sqrt.cpp`) and their text.
struct CompiledOp {
  std::string opName;      // `Sqrt`
  std::string kernelName;  // `sqrt`
  std::map<std::filesystem::path, std::string> files;
};

struct CheckResult {
  std::vector<Diagnostic> diagnostics;
  bool HasErrors() const;
};

struct CompileResult {
  std::vector<Diagnostic> diagnostics;
  std::optional<CompiledOp> op;  // set exactly when there is no error
};

struct TaskSignature;  // check/op_def_signature.h

// `fileName` only labels the diagnostics. With `task`, the op header is also held to the task's
// host template (its `signature` diagnostics); an error there stops the compile like any other.
CheckResult Check(const std::string& source, const std::string& fileName, const TaskSignature* task = nullptr);
CompileResult Compile(const std::string& source, const std::string& fileName, const TaskSignature* task = nullptr);

}  // namespace akgen::craft
