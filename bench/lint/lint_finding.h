// One problem `akgen tasks --lint` found in a task: where it is, what is wrong and how to fix it.
#pragma once
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

namespace akgen::bench {

struct LintFinding {
  std::string task;  // `level1/Math/Sqrt`
  std::string kind;  // `unread-column`, `input-generation`, ... (docs/harness-design.md lists them)
  std::filesystem::path file;
  int line = 0;         // 0 when the finding concerns the whole file
  std::string caseId;   // empty unless one case is at fault
  std::string column;   // empty unless one test_cases.csv column is at fault
  std::string message;
  std::string fix;
};

// `file:line: kind: message; fix`
std::string ToText(const LintFinding& finding);
nlohmann::ordered_json ToJson(const LintFinding& finding);
// Reads what ToJson writes, and what akgen_oracle.lint prints; throws nlohmann::json::exception.
LintFinding LintFindingFromJson(const nlohmann::json& object);

}  // namespace akgen::bench
