// Why a unit failed, in the classes of the AscendKernelGen paper (§5.5, Table 7) for compile errors
// and the simulator's diagnostic kinds for runtime errors, so a run's failures can be read as the
// paper's Figure 6 and data builders can group them.
//
// A compile error's class comes from the first `error:` line of the compiler's log (quotes either
// ASCII or typographic):
//   macro          the preprocessor: `#error`, a macro's arguments, `#if` expressions, a missing
//                  include (`TILING_KEY_IS` misuse, a tiling header that is not there);
//   api-signature  a call no overload or template takes: `no matching function`, too many or too
//                  few arguments, an ambiguous overload, `'X' is not a member of 'AscendC'`;
//   dtype-cast     types and conversions: `cannot convert`, `invalid conversion`, narrowing, a
//                  conversion to a non-scalar type, an unknown `*_t` type or one that `does not name a type`;
//   memory-object  AscendC's objects misused (`TQue` has no member `GetSize`), pointers and
//                  lvalues (`invalid use`, `lvalue required`, a deleted function), and host code in a
//                  kernel (`[device-code]`);
//   scope          a name not visible here: `was not declared in this scope`, `undeclared`;
//   syntax         C++'s grammar and the kernel's own classes: `expected …`, a member the kernel's
//                  class lacks, a redefinition, a stray character;
//   other          anything else.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "bench/results/result_record.h"

namespace akgen::bench {

// The log's first line that reports an error, from its `error:` on, with typographic quotes made
// ASCII; "" when there is none.
std::string FirstCompileError(std::string_view compilerLog);

// One of the classes above for a compiler's log.
std::string CompileErrorClass(std::string_view compilerLog);

// `compile:<class>` for a compile_error, `runtime:<diagnostic kind>` for a sim_error (`runtime:`
// alone when the record names none), and the verdict itself for wrong_answer, timeout, crash,
// tiling_error and parse_error; nullopt for pass, timed and task_error (no failure of the sample).
std::optional<std::string> FailureClass(const ResultRecord& record);

}  // namespace akgen::bench
