#include "serve/evaluation_request.h"

#include <algorithm>
#include <filesystem>

#include "serve/client_path.h"

namespace akgen::serve {
namespace {

constexpr const char* kFields[] = {"suite",       "task",   "response",    "reasoning", "files",      "format",
                                   "shape_mode",  "case",   "extra_cases", "reward",    "inline_task"};

const char* ToString(ResponseFormat format) {
  switch (format) {
    case ResponseFormat::Auto: return "auto";
    case ResponseFormat::Full: return "full";
    case ResponseFormat::KernelOnly: return "kernel_only";
    case ResponseFormat::Dsl: return "dsl";
  }
  return "auto";
}

std::string StringField(const nlohmann::json& body, const char* field, const std::string& fallback) {
  if (!body.contains(field)) return fallback;
  const nlohmann::json& value = body.at(field);
  if (!value.is_string()) throw RequestError(std::string(field) + " must be a string, not " + value.type_name());
  return value.get<std::string>();
}

int IntegerField(const nlohmann::json& body, const char* field, int fallback, int low, int high) {
  if (!body.contains(field)) return fallback;
  const nlohmann::json& value = body.at(field);
  if (!value.is_number_integer() || value.get<long long>() < low || value.get<long long>() > high)
    throw RequestError(std::string(field) + " must be an integer from " + std::to_string(low) + " to " +
                       std::to_string(high) + ", not " + value.dump());
  return value.get<int>();
}

// A candidate file's path: a file below op_host/ or op_kernel/.
bool IsCandidatePath(const std::string& path) {
  const std::optional<std::string> top = TopFolderOfClientPath(path);
  return (top == "op_host" || top == "op_kernel") && path.size() > top->size() + 1;
}

std::map<std::string, std::string> FilesField(const nlohmann::json& body, const RequestLimits& limits) {
  const nlohmann::json& files = body.at("files");
  if (!files.is_object() || files.empty())
    throw RequestError("files must be an object of candidate files, {\"op_kernel/<kernel>.cpp\": \"…\", …}");
  std::map<std::string, std::string> result;
  size_t bytes = 0;
  for (const auto& [path, text] : files.items()) {
    if (!IsCandidatePath(path))
      throw RequestError("files: " + Quoted(path) +
                         " is not a candidate file; name it op_kernel/… or op_host/…, relative and without ..");
    if (!text.is_string()) throw RequestError("files[" + Quoted(path) + "] must be the file's text, a string");
    bytes += text.get_ref<const std::string&>().size();
    result[path] = text.get<std::string>();
  }
  if (bytes > limits.maxTextBytes)
    throw RequestError("files hold " + std::to_string(bytes) + " bytes; at most " + std::to_string(limits.maxTextBytes) +
                       " are accepted");
  if (std::none_of(result.begin(), result.end(), [](const auto& file) { return file.first.starts_with("op_kernel/"); }))
    throw RequestError("files holds no op_kernel/ file: a candidate needs its kernel");
  return result;
}

}  // namespace

std::string Quoted(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

nlohmann::ordered_json EvaluationRequest::ToJson() const {
  nlohmann::ordered_json json;
  if (inlineTask.is_null())
    json["suite"] = suite;
  else
    json["inline_task"] = inlineTask;
  json["task"] = task;
  if (files.empty()) {
    json["response"] = response;
    if (!reasoning.empty()) json["reasoning"] = reasoning;
  } else {
    json["files"] = files;
  }
  json["format"] = ToString(format);
  json["shape_mode"] = bench::ToString(shapeMode);
  if (shapeMode == bench::ShapeMode::Static) json["case"] = caseId;
  json["extra_cases"] = extraCases;
  json["reward"] = serve::ToJson(reward);
  return json;
}

std::string EvaluationRequest::BatchSettings() const {
  // The baseline decides whether the task's answer is run for reference times.
  return suite + "|" + bench::ToString(shapeMode) + "|" +
         (shapeMode == bench::ShapeMode::Static ? std::to_string(caseId) : "") + "|" + std::to_string(extraCases) +
         "|" + bench::ToString(reward.baseline);
}

EvaluationRequest ParseEvaluationRequest(const nlohmann::json& body, SuiteCatalog& suites,
                                         const RequestLimits& limits, const RewardWeights& rewardDefaults) {
  if (!body.is_object())
    throw RequestError("the body must be a JSON object such as {\"suite\": \"builtin\", \"task\": "
                       "\"level1/Math/Muls\", \"response\": \"…\"}");
  for (const auto& [key, value] : body.items()) {
    if (std::find_if(std::begin(kFields), std::end(kFields), [&](const char* field) { return key == field; }) ==
        std::end(kFields))
      throw RequestError(Quoted(key) + " is not a request field; the fields are suite, task, response, reasoning, files, " +
                         "format, shape_mode, case, extra_cases, reward and inline_task");
  }
  EvaluationRequest request;
  request.suite = StringField(body, "suite", request.suite);
  if (body.contains("inline_task")) {
    if (body.contains("suite")) throw RequestError("give suite or inline_task, not both");
    if (!suites.InlineTasksAllowed())
      throw RequestError("this server takes no inline_task: its operator may allow them with --trust-inline-tasks "
                         "(a task's Python runs in the oracle outside the sandbox); or name a task of a suite it serves");
    try {
      request.suite = suites.AddInline(body.at("inline_task"));
    } catch (const std::invalid_argument& error) {
      throw RequestError(error.what());
    }
    request.inlineTask = body.at("inline_task");
  }
  const bench::TaskTree* suite = suites.FindSuite(request.suite);
  if (!suite) {
    std::string names;
    for (const std::string& name : suites.Names()) names += (names.empty() ? "" : ", ") + name;
    throw RequestError("suite " + Quoted(request.suite) + " is not served; this server has " + names +
                       " (start it with --suite NAME=PATH for more)");
  }
  if (!body.contains("task") && request.inlineTask.is_null())
    throw RequestError("task is missing: give the task's key, e.g. \"level1/Math/Muls\"");
  const std::string taskName = StringField(body, "task", suite->tasks.front().Key());
  const bench::Task* task = suites.FindTask(request.suite, taskName);
  if (!task)
    throw RequestError("task " + Quoted(taskName) + " is not in suite " + request.suite +
                       " (or its op name is ambiguous); give a key `akgen tasks` lists, e.g. \"" +
                       suite->tasks.front().Key() + "\"");
  request.task = task->Key();

  const bool hasResponse = body.contains("response");
  const bool hasFiles = body.contains("files");
  if (hasResponse == hasFiles)
    throw RequestError("give either response (the model's text) or files (the candidate's sources), not " +
                       std::string(hasResponse ? "both" : "neither"));
  if (hasFiles) {
    request.files = FilesField(body, limits);
  } else {
    request.response = StringField(body, "response", "");
    request.reasoning = StringField(body, "reasoning", "");
    if (request.response.size() + request.reasoning.size() > limits.maxTextBytes)
      throw RequestError("response and reasoning hold " +
                         std::to_string(request.response.size() + request.reasoning.size()) + " bytes; at most " +
                         std::to_string(limits.maxTextBytes) + " are accepted");
  }

  const std::string format = StringField(body, "format", "auto");
  if (format == "auto") {
    request.format = ResponseFormat::Auto;
  } else if (format == "full") {
    request.format = ResponseFormat::Full;
  } else if (format == "kernel_only") {
    request.format = ResponseFormat::KernelOnly;
  } else if (format == "dsl") {
    request.format = ResponseFormat::Dsl;
  } else {
    throw RequestError("format must be auto, full, kernel_only or dsl, not " + Quoted(format));
  }
  if (hasFiles && request.format == ResponseFormat::Dsl)
    throw RequestError("format dsl needs a response holding the program; files are AscendC sources");

  const std::string shapeMode = StringField(body, "shape_mode", "dynamic");
  const std::optional<bench::ShapeMode> mode = bench::ParseShapeMode(shapeMode);
  if (!mode) throw RequestError("shape_mode must be static or dynamic, not " + Quoted(shapeMode));
  request.shapeMode = *mode;
  if (body.contains("case") && request.shapeMode != bench::ShapeMode::Static)
    throw RequestError("case chooses static mode's case; drop it, or add \"shape_mode\": \"static\"");
  request.caseId = IntegerField(body, "case", 0, 0, 1 << 30);
  if (request.shapeMode == bench::ShapeMode::Static && !task->FindCase(request.caseId))
    throw RequestError("case " + std::to_string(request.caseId) + " is not a case of " + request.task +
                       " (its test_cases.csv lists " + std::to_string(task->cases.size()) + ")");
  request.extraCases = IntegerField(body, "extra_cases", request.extraCases, 0, limits.maxExtraCases);
  request.reward = rewardDefaults;
  if (body.contains("reward")) {
    try {
      request.reward = RewardWeightsFromJson(body.at("reward"), rewardDefaults);
    } catch (const std::invalid_argument& error) {
      throw RequestError(error.what());
    }
  }
  return request;
}

}  // namespace akgen::serve
