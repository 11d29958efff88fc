// `akgen report OUT`: the console tables and OUT/summary.json of an evaluation's results.
#pragma once
#include <optional>
#include <string>

namespace akgen {

struct ReportOptions {
  std::string outDir;
  std::optional<std::string> shapeMode;
  bool json = false;
};

int Report(const ReportOptions& options);

}  // namespace akgen
