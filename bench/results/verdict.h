// The class of one evaluated (sample, case), in pipeline order: a candidate that fails a stage
// never reaches the next, so the stage reached can be read off the verdict.
#pragma once
#include <optional>
#include <string_view>

namespace akgen::bench {

enum class Verdict {
  ParseError,    // no usable source (missing kernel, unparsable response)
  CompileError,  // the candidate does not build; details carry the compiler log
  TilingError,   // the host tiling function failed or returned an unusable tiling
  SimError,      // the simulator stopped the kernel; details carry the diagnostic kind
  Crash,         // the sandboxed runner died on a signal
  Timeout,       // the runner exceeded its wall-clock or CPU limit
  WrongAnswer,   // outputs differ from the golden ones; details carry max errors, first bad index
  Pass,
  Timed,         // a timing-only run: the kernel ran to its end; outputs were neither computed nor checked
  // The case cannot be evaluated: the task's own code (prepare_inputs.py, Model) fails on it, for
  // every candidate alike. Counted for no sample and against none.
  TaskError,
};

inline constexpr Verdict kAllVerdicts[] = {Verdict::ParseError,  Verdict::CompileError, Verdict::TilingError,
                                           Verdict::SimError,    Verdict::Crash,        Verdict::Timeout,
                                           Verdict::WrongAnswer, Verdict::Pass,        Verdict::Timed,
                                           Verdict::TaskError};

const char* ToString(Verdict verdict);                       // `compile_error`
std::optional<Verdict> ParseVerdict(std::string_view text);  // the inverse

// NPUKernelBench's stages: parse (format_parse_pass), compile (compile_pass), precision.
bool PassedParse(Verdict verdict);
bool PassedCompile(Verdict verdict);

}  // namespace akgen::bench
