#include "bench/lint/lint_finding.h"

namespace akgen::bench {

std::string ToText(const LintFinding& finding) {
  const std::string line = finding.line > 0 ? ":" + std::to_string(finding.line) : "";
  return finding.file.string() + line + ": " + finding.kind + ": " + finding.message + "; " + finding.fix;
}

nlohmann::ordered_json ToJson(const LintFinding& finding) {
  nlohmann::ordered_json object = {{"task", finding.task}, {"kind", finding.kind}, {"file", finding.file.string()},
                                   {"line", finding.line}};
  if (!finding.caseId.empty()) object["case_id"] = finding.caseId;
  if (!finding.column.empty()) object["column"] = finding.column;
  object["message"] = finding.message;
  object["fix"] = finding.fix;
  return object;
}

LintFinding LintFindingFromJson(const nlohmann::json& object) {
  return {object.at("task").get<std::string>(),    object.at("kind").get<std::string>(),
          object.at("file").get<std::string>(),    object.at("line").get<int>(),
          object.value("case_id", std::string()),  object.value("column", std::string()),
          object.at("message").get<std::string>(), object.at("fix").get<std::string>()};
}

}  // namespace akgen::bench
