#include "bench/results/verdict.h"

namespace akgen::bench {

const char* ToString(Verdict verdict) {
  switch (verdict) {
    case Verdict::ParseError:
      return "parse_error";
    case Verdict::CompileError:
      return "compile_error";
    case Verdict::TilingError:
      return "tiling_error";
    case Verdict::SimError:
      return "sim_error";
    case Verdict::Crash:
      return "crash";
    case Verdict::Timeout:
      return "timeout";
    case Verdict::WrongAnswer:
      return "wrong_answer";
    case Verdict::Pass:
      return "pass";
    case Verdict::Timed:
      return "timed";
    case Verdict::TaskError:
      return "task_error";
  }
  return "unknown";
}

std::optional<Verdict> ParseVerdict(std::string_view text) {
  for (Verdict verdict : kAllVerdicts) {
    if (text == ToString(verdict)) return verdict;
  }
  return std::nullopt;
}

bool PassedParse(Verdict verdict) { return verdict != Verdict::ParseError; }

bool PassedCompile(Verdict verdict) { return PassedParse(verdict) && verdict != Verdict::CompileError; }

}  // namespace akgen::bench
