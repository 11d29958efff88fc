// `akgen fidelity RUN_DIR... --baseline FILE [--update]`: the verdicts of evaluations of
// NPUKernelBench's own answers against the last known-good ones (docs/simulator.md), so a change to
// the simulator, the builder, the runner or the oracle that loses a passing answer fails loudly.
#pragma once
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace akgen::bench {

struct FidelityCheckOptions {
  std::vector<std::filesystem::path> runDirs;  // --out folders of `akgen eval --solutions answer`
  std::filesystem::path baseline;
  bool update = false;                // write the run's verdicts into the baseline after comparing
  std::optional<std::string> source;  // with update: the baseline's new `source` text
};

// Prints the comparison (fidelity_report.h) on `out`, warnings and errors on `err`. Returns the exit
// status: 0 without regressions (or after an update, which accepts them), 1 with regressions, 2 when
// the baseline or a run cannot be read or the baseline cannot be written. With `update`, a missing
// baseline starts empty.
int RunFidelityCheck(const FidelityCheckOptions& options, std::ostream& out, std::ostream& err);

}  // namespace akgen::bench
