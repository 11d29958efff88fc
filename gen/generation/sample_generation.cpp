#include "gen/generation/sample_generation.h"

#include <fstream>
#include <stdexcept>

namespace akgen::gen {

nlohmann::ordered_json ToJson(const SampleGeneration& generation) {
  return {{"task", generation.task},
          {"sample", generation.sample},
          {"round", generation.round},
          {"model", generation.model},
          {"endpoint", generation.endpoint},
          {"route", generation.route},
          {"template_mode", generation.templateMode},
          {"shape_mode", generation.shapeMode},
          {"case", generation.caseId},
          {"messages", MessagesJson(generation.messages)},
          {"answer", generation.choice.answer},
          {"reasoning", generation.choice.reasoning},
          {"finish_reason", generation.choice.finishReason},
          {"prompt_tokens", generation.promptTokens},
          {"completion_tokens", generation.completionTokens},
          {"latency_seconds", generation.latencySeconds},
          {"from_cache", generation.fromCache},
          {"prompt_seconds", generation.promptSeconds},
          {"parse_seconds", generation.parseSeconds},
          {"parse_problem", generation.parseProblem},
          {"files", generation.files}};
}

SampleGeneration ReadSampleGeneration(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error(file.string() + ": cannot be read");
  try {
    const nlohmann::json json = nlohmann::json::parse(in);
    SampleGeneration generation;
    generation.task = json.at("task").get<std::string>();
    generation.sample = json.at("sample").get<int>();
    generation.round = json.at("round").get<int>();
    generation.model = json.at("model").get<std::string>();
    generation.endpoint = json.at("endpoint").get<std::string>();
    generation.route = json.at("route").get<std::string>();
    generation.templateMode = json.at("template_mode").get<std::string>();
    generation.shapeMode = json.at("shape_mode").get<std::string>();
    generation.caseId = json.at("case").get<int>();
    for (const nlohmann::json& message : json.at("messages"))
      generation.messages.push_back({message.at("role").get<std::string>(), message.at("content").get<std::string>()});
    generation.choice = {json.at("answer").get<std::string>(), json.at("reasoning").get<std::string>(),
                         json.at("finish_reason").get<std::string>()};
    generation.promptTokens = json.at("prompt_tokens").get<int>();
    generation.completionTokens = json.at("completion_tokens").get<int>();
    generation.latencySeconds = json.at("latency_seconds").get<double>();
    generation.fromCache = json.at("from_cache").get<bool>();
    generation.promptSeconds = json.at("prompt_seconds").get<double>();
    generation.parseSeconds = json.at("parse_seconds").get<double>();
    generation.parseProblem = json.at("parse_problem").get<std::string>();
    generation.files = json.at("files").get<std::vector<std::string>>();
    return generation;
  } catch (const nlohmann::json::exception& error) {
    throw std::runtime_error(file.string() + ": not a generation record (" + error.what() +
                             "); delete the sample folder to generate it again");
  }
}

void WriteSampleGeneration(const SampleGeneration& generation, const std::filesystem::path& file) {
  const std::filesystem::path temporary = file.string() + ".tmp";
  {
    std::ofstream out(temporary);
    out << ToJson(generation).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    if (!out.flush()) throw std::runtime_error(temporary.string() + ": cannot be written");
  }
  std::filesystem::rename(temporary, file);
}

}  // namespace akgen::gen
