#include "report_command.h"

#include <fstream>
#include <iostream>

#include "bench/report/results_report.h"
#include "bench/results/results_file.h"

namespace akgen {

int Report(const ReportOptions& options) {
  std::optional<bench::ShapeMode> mode;
  if (options.shapeMode) {
    mode = bench::ParseShapeMode(*options.shapeMode);
    if (!mode) {
      std::cerr << "akgen report: --shape-mode must be static or dynamic, not '" << *options.shapeMode << "'\n";
      return 2;
    }
  }
  try {
    const bench::ResultsReport report = bench::ReportResults(options.outDir, mode);
    for (const std::string& warning : report.warnings) std::cerr << "warning: " << warning << '\n';
    if (options.json) {
      std::ifstream summary(std::filesystem::path(options.outDir) / "summary.json");
      std::cout << summary.rdbuf();
    } else {
      std::cout << report.text;
    }
    return 0;
  } catch (const bench::ResultsFileError& error) {
    std::cerr << "akgen report: " << error.what() << '\n';
    return 1;
  }
}

}  // namespace akgen
