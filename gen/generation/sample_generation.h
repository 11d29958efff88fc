// `generation.json`: what one sample's round asked and got, kept beside the candidate it became, so
// a sample directory is also training data (messages, answer, reasoning) and a killed run resumes
// from it: a round folder whose generation.json exists is never asked for again.
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "gen/client/completion.h"

namespace akgen::gen {

inline constexpr const char* kGenerationFile = "generation.json";

struct SampleGeneration {
  std::string task;  // `level1/Math/Muls`
  int sample = 0;
  int round = 1;
  std::string model;
  std::string endpoint;  // chat, completions
  std::string route;     // direct, dsl
  std::string templateMode;
  std::string shapeMode;
  int caseId = -1;                    // static mode's case; -1 in dynamic mode
  std::vector<ChatMessage> messages;  // the conversation sent, this round's request
  Choice choice;                      // the answer, the reasoning, the finish reason
  int promptTokens = 0;
  int completionTokens = 0;
  double latencySeconds = 0;       // the server's time for the request this answer came from
  bool fromCache = false;          // answered by the response cache or a batch output file
  double promptSeconds = 0;        // building the prompt (our time)
  double parseSeconds = 0;         // parsing the answer and writing the candidate (our time)
  std::string parseProblem;        // non-empty: no candidate (parse_error)
  std::vector<std::string> files;  // the candidate's files, relative to the sample folder
};

nlohmann::ordered_json ToJson(const SampleGeneration& generation);
// Throws std::runtime_error naming `file` when it is not a generation record.
SampleGeneration ReadSampleGeneration(const std::filesystem::path& file);
// Written to a temporary name and renamed: a sample folder with generation.json is complete.
void WriteSampleGeneration(const SampleGeneration& generation, const std::filesystem::path& file);

}  // namespace akgen::gen
