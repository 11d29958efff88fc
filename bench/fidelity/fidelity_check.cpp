#include "bench/fidelity/fidelity_check.h"

#include <system_error>

#include "bench/fidelity/baseline_update.h"
#include "bench/fidelity/fidelity_baseline.h"
#include "bench/fidelity/fidelity_comparison.h"
#include "bench/fidelity/fidelity_report.h"
#include "bench/fidelity/run_verdicts.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

constexpr const char* kCommand = "akgen fidelity: ";

// nullopt after printing why there is no baseline to compare with.
std::optional<FidelityBaseline> BaselineToCompare(const FidelityCheckOptions& options, std::ostream& err) {
  std::error_code error;
  if (options.update && !fs::exists(options.baseline, error)) {
    err << "note: " << options.baseline.string() << " does not exist yet; every case is compared with none and the "
        << "run's verdicts become the baseline\n";
    if (!options.source)
      err << "warning: the new baseline says nothing of the task tree it was judged on; give it with --source "
             "'NPUKernelBench tasks/ at commit ...'\n";
    return FidelityBaseline{};
  }
  try {
    return ReadFidelityBaseline(options.baseline);
  } catch (const FidelityBaselineError& problem) {
    err << kCommand << problem.what() << '\n';
    return std::nullopt;
  }
}

}  // namespace

int RunFidelityCheck(const FidelityCheckOptions& options, std::ostream& out, std::ostream& err) {
  if (options.runDirs.empty()) {
    err << kCommand << "give at least one RUN_DIR, the --out folder of `akgen eval SUITE --solutions answer`\n";
    return 2;
  }
  const std::optional<FidelityBaseline> baseline = BaselineToCompare(options, err);
  if (!baseline) return 2;
  RunVerdicts run;
  try {
    run = ReadRunVerdicts(options.runDirs);
  } catch (const FidelityRunError& problem) {
    err << kCommand << problem.what() << '\n';
    return 2;
  }
  for (const std::string& warning : run.warnings) err << "warning: " << warning << '\n';
  if (run.extraCasesLeftOut > 0)
    err << "note: " << run.extraCasesLeftOut
        << " extra-case records (akgen eval --extra-cases) left out: the baseline holds the tasks' listed cases\n";

  const FidelityComparison comparison = CompareWithBaseline(*baseline, run);
  out << FidelityReportText(comparison);
  if (options.update) {
    const FidelityBaseline updated = UpdatedBaseline(*baseline, run, options.source);
    try {
      WriteFidelityBaseline(options.baseline, updated);
    } catch (const FidelityBaselineError& problem) {
      err << kCommand << problem.what() << '\n';
      return 2;
    }
    out << "updated " << options.baseline.string() << ": " << run.entries.size() << " verdicts from this run, "
        << updated.verdicts.size() << " in all\n";
  }
  out << FidelitySummaryLine(comparison) << std::endl;  // last, after the update's line, for scripts to read
  if (options.update) return 0;  // the one who updates has checked the changes; the baseline now agrees
  return comparison.regressions.empty() ? 0 : 1;
}

}  // namespace akgen::bench
