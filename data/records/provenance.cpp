#include "data/records/provenance.h"

namespace akgen::data {

const char* ToolVersion() { return AKGEN_TOOL_VERSION; }

void AddProblem(nlohmann::ordered_json& record, const JudgedAttempt& attempt) {
  record["task"] = attempt.task;
  record["case"] = attempt.caseId ? nlohmann::ordered_json(*attempt.caseId) : nullptr;
  record["shape_mode"] = bench::ToString(attempt.shapeMode);
  record["prompt"] = gen::MessagesJson(attempt.prompt);
}

nlohmann::ordered_json AttemptSource(const JudgedAttempt& attempt) {
  nlohmann::ordered_json source;
  source["run"] = attempt.runDir.string();
  source["round"] = attempt.round;
  source["sample"] = attempt.sample;
  source["model"] = attempt.model;
  source["folder"] = attempt.folder.string();
  return source;
}

nlohmann::ordered_json AttemptOutcome(const JudgedAttempt& attempt) {
  nlohmann::ordered_json outcome;
  outcome["tier"] = attempt.tier ? ToString(*attempt.tier) : nullptr;
  outcome["failure"] = attempt.outcome.firstFailure ? nlohmann::ordered_json(*attempt.outcome.firstFailure) : nullptr;
  nlohmann::ordered_json verdicts = nlohmann::ordered_json::object();
  for (const bench::ResultRecord& record : attempt.records)
    verdicts["case" + std::to_string(record.caseId)] = bench::ToString(record.verdict);
  outcome["verdicts"] = verdicts;
  const std::optional<double> simulated = attempt.outcome.timing.simulatedUs;
  outcome["simulated_us"] = simulated ? nlohmann::ordered_json(*simulated) : nullptr;
  return outcome;
}

}  // namespace akgen::data
