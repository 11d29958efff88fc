// The verdicts of `akgen eval --solutions answer` runs, one per (shape mode, task, listed case):
// sample 0 (the task's answer), the mode each record was judged in (`shape_mode`), the case it
// names (`case`). Extra cases (`--extra-cases`, records with `extra_of`) are drawn from a seed, not
// listed by the task, so they are left out.
#pragma once
#include <cstddef>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/fidelity/fidelity_key.h"
#include "bench/results/verdict.h"

namespace akgen::bench {

struct FidelityRunError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct RunVerdict {
  Verdict verdict = Verdict::ParseError;
  std::string diagnostic;        // FirstDiagnosticLine of the record; "" for a pass
  std::filesystem::path runDir;  // the folder the record came from
};

struct RunVerdicts {
  std::map<FidelityKey, RunVerdict> entries;
  std::vector<std::string> warnings;  // unfinished lines, runs of other solutions, folders that disagree
  size_t extraCasesLeftOut = 0;
};

// Reads each folder's results.jsonl (bench/results/results_file.h); a later folder's record of the
// same key wins, with a warning when the verdicts differ. Throws FidelityRunError naming the folder
// when it has no results, a damaged results file or a damaged run.json, or is a timing-only run
// (whose records judge no correctness).
RunVerdicts ReadRunVerdicts(const std::vector<std::filesystem::path>& runDirs);

}  // namespace akgen::bench
