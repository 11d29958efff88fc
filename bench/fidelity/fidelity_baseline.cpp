#include "bench/fidelity/fidelity_baseline.h"

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <system_error>

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

// nlohmann's messages start with `[json.exception.parse_error.101] `, which says nothing to a user.
std::string WithoutExceptionId(const std::string& message) {
  if (message.rfind("[json.exception.", 0) != 0) return message;
  const size_t end = message.find("] ");
  return end == std::string::npos ? message : message.substr(end + 2);
}

std::optional<int> CaseId(const std::string& text) {
  int value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || stop != end || value < 0) return std::nullopt;
  return value;
}

// The checks below throw std::invalid_argument; ReadFidelityBaseline adds the file's name.
void ReadModeVerdicts(ShapeMode mode, const nlohmann::json& tasks, FidelityBaseline& baseline) {
  const std::string where = std::string("verdicts.") + ToString(mode);
  if (!tasks.is_object()) throw std::invalid_argument(where + " is not an object of tasks");
  for (const auto& [task, cases] : tasks.items()) {
    if (!cases.is_object())
      throw std::invalid_argument(where + "." + task + " is not an object of cases (\"0\": \"pass\")");
    for (const auto& [caseText, verdictJson] : cases.items()) {
      const std::string entry = where + "." + task + "." + caseText;
      const std::optional<int> caseId = CaseId(caseText);
      if (!caseId) throw std::invalid_argument(entry + ": the case is not a case_id (a number >= 0)");
      const std::optional<Verdict> verdict =
          verdictJson.is_string() ? ParseVerdict(verdictJson.get<std::string>()) : std::nullopt;
      if (!verdict)
        throw std::invalid_argument(entry + ": " + verdictJson.dump() + " is not a verdict (pass, wrong_answer, ...)");
      baseline.verdicts[{mode, task, *caseId}] = *verdict;
    }
  }
}

FidelityBaseline BaselineFromJson(const nlohmann::json& json) {
  if (!json.is_object()) throw std::invalid_argument("not a JSON object");
  const auto format = json.find("format");
  if (format == json.end() || !format->is_number_integer() || format->get<int>() != kFidelityBaselineFormat)
    throw std::invalid_argument("`format` is missing or not " + std::to_string(kFidelityBaselineFormat));
  FidelityBaseline baseline;
  if (const auto source = json.find("source"); source != json.end()) {
    if (!source->is_string()) throw std::invalid_argument("`source` is not a string");
    baseline.source = source->get<std::string>();
  }
  const auto verdicts = json.find("verdicts");
  if (verdicts == json.end() || !verdicts->is_object())
    throw std::invalid_argument("`verdicts` is missing or not an object of shape modes");
  for (const auto& [modeName, tasks] : verdicts->items()) {
    const std::optional<ShapeMode> mode = ParseShapeMode(modeName);
    if (!mode) throw std::invalid_argument("verdicts." + modeName + ": not a shape mode (static or dynamic)");
    ReadModeVerdicts(*mode, tasks, baseline);
  }
  return baseline;
}

}  // namespace

FidelityBaseline ReadFidelityBaseline(const fs::path& file) {
  std::error_code error;
  if (!fs::exists(file, error))
    throw FidelityBaselineError(file.string() +
                                ": no such baseline file; write one from a checked run with `akgen fidelity RUN_DIR... "
                                "--baseline " +
                                file.string() + " --update`");
  if (!fs::is_regular_file(file, error))
    throw FidelityBaselineError(file.string() + ": not a file; give the baseline's JSON file");
  std::ifstream stream(file, std::ios::binary);
  if (!stream) throw FidelityBaselineError(file.string() + ": cannot open the baseline (" + std::strerror(errno) + ")");
  std::ostringstream content;
  content << stream.rdbuf();
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(content.str());
  } catch (const nlohmann::json::parse_error& parseError) {
    throw FidelityBaselineError(file.string() + ": not valid JSON: " + WithoutExceptionId(parseError.what()));
  }
  try {
    return BaselineFromJson(json);
  } catch (const std::exception& formatError) {
    throw FidelityBaselineError(file.string() + ": not a fidelity baseline (" + formatError.what() + ")");
  }
}

std::string FidelityBaselineText(const FidelityBaseline& baseline) {
  // Grouped here so each level is sorted as its reader expects: modes and tasks by name, cases by number.
  std::map<std::string, std::map<std::string, std::map<int, Verdict>>> grouped;
  for (const auto& [key, verdict] : baseline.verdicts) grouped[ToString(key.mode)][key.task][key.caseId] = verdict;
  nlohmann::ordered_json verdicts = nlohmann::ordered_json::object();
  for (const auto& [mode, tasks] : grouped) {
    nlohmann::ordered_json& modeJson = verdicts[mode];
    for (const auto& [task, cases] : tasks) {
      nlohmann::ordered_json& taskJson = modeJson[task];
      for (const auto& [caseId, verdict] : cases) taskJson[std::to_string(caseId)] = ToString(verdict);
    }
  }
  nlohmann::ordered_json json = {
      {"format", kFidelityBaselineFormat}, {"source", baseline.source}, {"verdicts", std::move(verdicts)}};
  return json.dump(2) + "\n";
}

void WriteFidelityBaseline(const fs::path& file, const FidelityBaseline& baseline) {
  const fs::path temporary = file.string() + ".tmp-" + std::to_string(getpid());
  {
    std::ofstream stream(temporary, std::ios::binary | std::ios::trunc);
    stream << FidelityBaselineText(baseline);
    stream.flush();
    if (!stream) {
      const std::string reason = std::strerror(errno);
      std::error_code ignored;
      fs::remove(temporary, ignored);
      throw FidelityBaselineError(temporary.string() + ": cannot write the new baseline (" + reason + ")");
    }
  }
  std::error_code error;
  fs::rename(temporary, file, error);
  if (error) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    throw FidelityBaselineError(file.string() + ": cannot replace the baseline (" + error.message() + ")");
  }
}

}  // namespace akgen::bench
