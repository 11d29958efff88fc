#include "bench/eval/failure_summary.h"

#include <sstream>
#include <vector>

namespace akgen::bench {
namespace {

constexpr size_t kMaxErrorLines = 3;

// The linker names a symbol defined twice or never without the word `error:`; its closing
// `collect2: error: ld returned 1 exit status` says nothing of which.
bool IsErrorLine(const std::string& line) {
  return line.find("error:") != std::string::npos || line.find("error[") != std::string::npos ||
         line.find(": multiple definition of `") != std::string::npos ||
         line.find(": undefined reference to `") != std::string::npos;
}

}  // namespace

std::string FailureSummary(Verdict verdict, const std::string& detail) {
  std::istringstream lines(detail);
  std::vector<std::string> errors;
  std::string first;
  for (std::string line; std::getline(lines, line);) {
    if (first.empty()) first = line;
    if (IsErrorLine(line) && errors.size() < kMaxErrorLines) errors.push_back(line);
  }
  const bool compilerOrSimulator = verdict == Verdict::CompileError || verdict == Verdict::SimError;
  if (!compilerOrSimulator || errors.empty()) return first;
  std::string summary;
  for (const std::string& error : errors) summary += (summary.empty() ? "" : "\n  ") + error;
  return summary;
}

}  // namespace akgen::bench
