// The fidelity baseline (docs/fidelity-baseline.json): the last known-good verdict of every case of
// NPUKernelBench's own answers, per shape mode. It holds our verdicts only, never task content:
//
//   {"format": 1, "source": "NPUKernelBench tasks/ at commit 6b84216",
//    "verdicts": {"dynamic": {"level1/Math/Sasum": {"0": "wrong_answer", "1": "pass"}},
//                 "static": {"level1/Math/Sasum": {"0": "wrong_answer"}}}}
//
// Written with sorted keys (tasks by name, cases by number) and one case per line, so a change of
// the baseline reads as a small diff.
#pragma once
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>

#include "bench/fidelity/fidelity_key.h"
#include "bench/results/verdict.h"

namespace akgen::bench {

inline constexpr int kFidelityBaselineFormat = 1;

struct FidelityBaselineError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct FidelityBaseline {
  std::string source;  // free text: which task tree the verdicts were judged on
  std::map<FidelityKey, Verdict> verdicts;
};

// Throws FidelityBaselineError naming the file: missing, unreadable, not JSON (with the line and
// column), or not in the format above (with the offending mode, task or case).
FidelityBaseline ReadFidelityBaseline(const std::filesystem::path& file);

// The file's text, as described above, ending in a newline.
std::string FidelityBaselineText(const FidelityBaseline& baseline);

// Writes a temporary file beside `file` and renames it into place, so an interrupted update never
// leaves half a baseline. Throws FidelityBaselineError when it cannot.
void WriteFidelityBaseline(const std::filesystem::path& file, const FidelityBaseline& baseline);

}  // namespace akgen::bench
