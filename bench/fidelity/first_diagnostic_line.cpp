#include "bench/fidelity/first_diagnostic_line.h"

#include <sstream>

#include "bench/eval/failure_summary.h"

namespace akgen::bench {
namespace {

std::string StringDetail(const nlohmann::json& details, const char* name) {
  if (!details.is_object()) return "";
  const auto found = details.find(name);
  return found != details.end() && found->is_string() ? found->get<std::string>() : "";
}

std::string FirstLineTrimmed(const std::string& text) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const size_t begin = line.find_first_not_of(" \t\r");
    if (begin == std::string::npos) continue;
    const size_t end = line.find_last_not_of(" \t\r");
    return line.substr(begin, end - begin + 1);
  }
  return "";
}

std::string Cut(std::string line) {
  if (line.size() <= kDiagnosticLineLimit) return line;
  size_t cut = kDiagnosticLineLimit;
  while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;  // a UTF-8 continuation byte
  return line.substr(0, cut) + "...";
}

std::string LargestError(const nlohmann::json& details) {
  if (!details.is_object() || !details.contains("max_abs_error")) return "";
  std::string text = "max_abs_error " + details["max_abs_error"].dump();
  if (details.contains("max_rel_error")) text += ", max_rel_error " + details["max_rel_error"].dump();
  if (details.contains("first_bad_index")) text += ", first bad index " + details["first_bad_index"].dump();
  return text;
}

}  // namespace

std::string FirstDiagnosticLine(const ResultRecord& record) {
  const nlohmann::json& details = record.details;
  const std::string kind = StringDetail(details, "diagnostic_kind");
  for (const std::string& candidate : {FailureSummary(record.verdict, StringDetail(details, "detail")),
                                       StringDetail(details, "reason"), kind, LargestError(details)}) {
    std::string line = FirstLineTrimmed(candidate);
    if (line.empty()) continue;
    // The simulator's kind (ub-overflow, deadlock) is what regressions are sorted by; keep it in view.
    if (!kind.empty() && line.find(kind) == std::string::npos) line = kind + ": " + line;
    return Cut(std::move(line));
  }
  return "";
}

}  // namespace akgen::bench
