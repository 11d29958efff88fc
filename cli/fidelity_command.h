// `akgen fidelity RUN_DIR... --baseline FILE [--update]`: the verdicts of evaluations of
// NPUKernelBench's answers against the last known-good ones (bench/fidelity/fidelity_check.h).
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace akgen {

struct FidelityOptions {
  std::vector<std::string> runDirs;
  std::string baseline;
  bool update = false;
  std::optional<std::string> source;
};

// Exit status 0 without regressions (or after --update), 1 with regressions, 2 when the baseline or
// a run folder cannot be read or the baseline cannot be written.
int Fidelity(const FidelityOptions& options);

}  // namespace akgen
