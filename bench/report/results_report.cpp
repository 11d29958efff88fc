#include "bench/report/results_report.h"

#include "bench/metrics/summary_json.h"
#include "bench/report/console_report.h"
#include "bench/report/mkb_report.h"
#include "bench/results/results_file.h"

namespace akgen::bench {

ResultsReport ReportResults(const std::filesystem::path& outDir, std::optional<ShapeMode> mode) {
  const std::filesystem::path file = outDir / kResultsFileName;
  if (!std::filesystem::is_regular_file(file)) {
    throw ResultsFileError(file.string() + ": no results; run `akgen eval SUITE --out " + outDir.string() + "` first");
  }
  LoadedResults loaded = LoadResults(file);
  ResultsReport report;
  report.warnings = std::move(loaded.warnings);
  if (!mode) {
    mode = RecordedShapeMode(loaded.records);
    if (!mode && !loaded.records.empty()) {
      mode = loaded.records.back().shapeMode;
      report.warnings.push_back(file.string() + ": warning: records come from both shape modes; reporting them as " +
                                ToString(*mode) + "; choose with --shape-mode");
    }
  }
  report.metrics = ComputeMetrics(loaded.records, mode.value_or(ShapeMode::Static));
  // MultiKernelBench results get its and AscendCraft's tables; NPUKernelBench's level grids and
  // weighted score mean nothing for tasks without levels.
  if (!AreMultiKernelBenchResults(loaded.records)) {
    report.text = ConsoleReport(report.metrics);
    WriteSummary(outDir, report.metrics);
    return report;
  }
  const std::vector<MkbRow> rows = MkbRows(loaded.records, report.metrics);
  report.text = MkbTables(rows) + "\n" + OutcomeSections(report.metrics);
  WriteSummary(outDir, report.metrics, {{"multikernelbench", MkbRowsJson(rows)}});
  return report;
}

}  // namespace akgen::bench
