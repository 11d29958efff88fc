// `akgen craft tune FILE --task T` (docs/dsl.md "Tuning"): finds the program's knobs, evaluates the
// program itself on the task's cases with the harness, searches the knobs by coordinate descent on
// the simulated times, and returns the fastest candidate that passes every case.
#pragma once
#include <cstddef>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "bench/eval/evaluate.h"
#include "bench/task/task.h"
#include "craft/craft.h"
#include "craft/tune/harness_scorer.h"
#include "craft/tune/knobs.h"

namespace akgen::craft {

struct TuneRequest {
  std::filesystem::path programFile;
  std::string source;
  const bench::Task* task = nullptr;  // from a tree that outlives the call
  bench::EvalOptions eval;            // as HarnessScorerSetup::eval; outDir is the tune's folder
  size_t maxCandidates = 24;          // programs sent to the harness, the program itself included
};

struct TuneResult {
  // Errors that stop the tune before any search (a program that fails the checker, belongs to
  // another task, has no knob or fails a case itself), as FILE:LINE:COL diagnostics with a fix.
  std::vector<Diagnostic> diagnostics;
  std::vector<Knob> knobs;
  std::optional<CandidateRecord> program;  // the program's own values
  std::optional<CandidateRecord> best;     // the fastest passing candidate (the program when none gains)
  std::string bestSource;
  size_t evaluated = 0;  // programs the harness ran (or found already recorded)
  size_t rejected = 0;   // candidates that failed the checker or a case
  bool budgetSpent = false;
};

// Throws std::runtime_error when the harness itself fails (see HarnessScorer::Score).
TuneResult Tune(const TuneRequest& request, std::ostream& progress);

}  // namespace akgen::craft
