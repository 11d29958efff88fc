// `akgen report OUT`: the console tables and OUT/summary.json of an evaluation's results.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace akgen {

struct ReportOptions {
  std::vector<std::string> outDirs;  // one results folder, or the parts of one sharded run
  std::optional<std::string> shapeMode;
  bool json = false;
  std::string html;  // a file for the self-contained HTML page; empty: none
};

int Report(const ReportOptions& options);

}  // namespace akgen
