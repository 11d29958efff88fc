#include "report_command.h"

#include <iostream>

#include "bench/common/environment_fault.h"
#include "bench/report/html_report.h"
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
    const std::vector<std::filesystem::path> dirs(options.outDirs.begin(), options.outDirs.end());
    const bench::ResultsReport report = bench::ReportResults(dirs, mode);
    for (const std::string& warning : report.warnings) std::cerr << "warning: " << warning << '\n';
    if (!options.html.empty()) {
      std::string title = "akgen report: " + options.outDirs.front();
      if (options.outDirs.size() > 1) title += " and " + std::to_string(options.outDirs.size() - 1) + " more parts";
      const std::string page = bench::HtmlReport(report.metrics, report.records, title);
      bench::WriteFileBytes(options.html, page.data(), page.size());
      std::cerr << "HTML report: " << options.html << '\n';
    }
    if (options.json) {
      std::cout << report.summary.dump(2) << '\n';
    } else {
      std::cout << report.text;
    }
    return 0;
  } catch (const std::runtime_error& error) {  // ResultsFileError, an unreadable run.json
    std::cerr << "akgen report: " << error.what() << '\n';
    return 1;
  }
}

}  // namespace akgen
