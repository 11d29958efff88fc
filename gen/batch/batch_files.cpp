#include "gen/batch/batch_files.h"

#include <fstream>
#include <stdexcept>

namespace akgen::gen {
namespace {

// `{"code": "…", "message": "…"}` as one phrase; any other shape as its JSON.
std::string ErrorText(const nlohmann::json& error) {
  if (error.is_string()) return error.get<std::string>();
  if (!error.is_object()) return error.dump();
  const std::string code = error.contains("code") && error["code"].is_string() ? error["code"].get<std::string>() : "";
  const std::string message =
      error.contains("message") && error["message"].is_string() ? error["message"].get<std::string>() : "";
  if (message.empty()) return error.dump();
  return code.empty() ? message : code + ": " + message;
}

BatchAnswer AnswerOf(const nlohmann::json& line) {
  try {
    if (const auto error = line.find("error"); error != line.end() && !error->is_null())
      return {std::nullopt, ErrorText(*error)};
    const auto response = line.find("response");
    if (response == line.end() || !response->is_object())
      return {std::nullopt, "the line has neither a response nor an error"};
    nlohmann::json body = response->value("body", nlohmann::json());
    if (const int status = response->value("status_code", 200); status != 200) {
      std::string error = "HTTP status " + std::to_string(status);
      if (body.is_object() && body.contains("error")) error += ": " + ErrorText(body["error"]);
      return {std::nullopt, error};
    }
    if (body.is_string()) body = nlohmann::json::parse(body.get<std::string>());  // some services send it as text
    return {ParseResponseBody(body), ""};
  } catch (const std::exception& error) {
    return {std::nullopt, std::string("unreadable response: ") + error.what()};
  }
}

}  // namespace

nlohmann::json BatchRequestLine(const std::string& customId, const CompletionRequest& request) {
  return {{"custom_id", customId},
          {"method", "POST"},
          {"url", std::string("/v1") + UrlPath(request.endpoint)},
          {"body", RequestBody(request)}};
}

std::string BatchCustomId(const std::string& taskKey, int sample, int round, const std::string& requestKey) {
  return taskKey + "#s" + std::to_string(sample) + "#r" + std::to_string(round) + "#" + requestKey.substr(0, 12);
}

std::map<std::string, BatchAnswer> ReadBatchOutput(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in || std::filesystem::is_directory(file))
    throw std::runtime_error(file.string() + ": cannot be read (batch output)");
  std::map<std::string, BatchAnswer> answers;
  std::string text;
  for (int lineNumber = 1; std::getline(in, text); ++lineNumber) {
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = file.string() + ":" + std::to_string(lineNumber) + ": ";
    const nlohmann::json line = nlohmann::json::parse(text, nullptr, false);
    if (line.is_discarded()) throw std::runtime_error(where + "not a JSON line of a batch output file");
    if (!line.is_object() || !line.contains("custom_id") || !line["custom_id"].is_string())
      throw std::runtime_error(where + "the line has no custom_id");
    answers[line["custom_id"].get<std::string>()] = AnswerOf(line);
  }
  if (in.bad()) throw std::runtime_error(file.string() + ": cannot be read (batch output)");
  return answers;
}

}  // namespace akgen::gen
