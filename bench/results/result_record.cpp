#include "bench/results/result_record.h"

#include <stdexcept>

namespace akgen::bench {
namespace {

std::string StringField(const nlohmann::json& json, const char* name) {
  const auto found = json.find(name);
  if (found == json.end() || !found->is_string()) {
    throw std::invalid_argument(std::string("field `") + name + "` is missing or not a string");
  }
  return found->get<std::string>();
}

int IntField(const nlohmann::json& json, const char* name) {
  const auto found = json.find(name);
  if (found == json.end() || !found->is_number_integer()) {
    throw std::invalid_argument(std::string("field `") + name + "` is missing or not an integer");
  }
  return found->get<int>();
}

}  // namespace

ResultRecord MakeRecord(const Task& task, const Candidate& candidate, int caseId, ShapeMode shapeMode, Verdict verdict,
                        nlohmann::json details) {
  ResultRecord record;
  record.task = task.Key();
  record.level = task.level;
  record.category = task.category;
  record.op = task.folderName;
  record.sample = candidate.sample;
  record.caseId = caseId;
  record.verdict = verdict;
  record.shapeMode = shapeMode;
  record.templateMode = ToString(candidate.templateMode);
  record.caseCount = static_cast<int>(task.cases.size());
  if (const TestCase* testCase = task.FindCase(caseId); testCase && testCase->extra)
    record.extraOf = testCase->extra->listedCaseId;
  record.details = std::move(details);
  return record;
}

nlohmann::ordered_json ToJson(const ResultRecord& record) {
  nlohmann::ordered_json json = {{"task", record.task},
                                 {"level", record.level},
                                 {"category", record.category},
                                 {"op", record.op},
                                 {"sample", record.sample},
                                 {"case", record.caseId},
                                 {"verdict", ToString(record.verdict)},
                                 {"shape_mode", ToString(record.shapeMode)}};
  if (!record.templateMode.empty()) json["template_mode"] = record.templateMode;
  if (record.caseCount > 0) json["case_count"] = record.caseCount;
  if (record.extraOf) json["extra_of"] = *record.extraOf;
  json["details"] = record.details;
  return json;
}

ResultRecord RecordFromJson(const nlohmann::json& json) {
  if (!json.is_object()) throw std::invalid_argument("not a JSON object");
  ResultRecord record;
  record.task = StringField(json, "task");
  record.level = IntField(json, "level");
  record.category = StringField(json, "category");
  record.op = StringField(json, "op");
  record.sample = IntField(json, "sample");
  record.caseId = IntField(json, "case");
  const std::string verdict = StringField(json, "verdict");
  const std::optional<Verdict> parsedVerdict = ParseVerdict(verdict);
  if (!parsedVerdict) throw std::invalid_argument("unknown verdict `" + verdict + "`");
  record.verdict = *parsedVerdict;
  if (json.contains("shape_mode")) {
    const std::string mode = StringField(json, "shape_mode");
    const std::optional<ShapeMode> parsedMode = ParseShapeMode(mode);
    if (!parsedMode) throw std::invalid_argument("unknown shape_mode `" + mode + "`");
    record.shapeMode = *parsedMode;
  }
  if (json.contains("template_mode")) record.templateMode = StringField(json, "template_mode");
  if (json.contains("case_count")) record.caseCount = IntField(json, "case_count");
  if (json.contains("extra_of")) record.extraOf = IntField(json, "extra_of");
  if (json.contains("details")) record.details = json["details"];
  return record;
}

}  // namespace akgen::bench
