// The options that say which model answers and how to reach it — a live server, the response
// cache, or the batch route — shared by `akgen generate` (the kernel writer) and the dataset
// builders of `akgen data` (the teacher).
#pragma once
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "gen/generation/generate_options.h"

namespace akgen {

struct ModelServerOptions {
  std::string baseUrl;
  std::string model;
  std::string apiKeyVariable = "OPENAI_API_KEY";
  std::string api = "chat";  // chat | completions
  unsigned jobs = 4;
  int choicesPerRequest = 0;
  bool noCache = false;
  std::string responseCache;
  std::string emitRequests;
  std::string responses;
  double temperature = 0.7;
  double topP = 0.9;
  int maxTokens = 16384;
  std::vector<long long> seed;  // at most one
  std::vector<std::string> stop;
  double connectTimeout = 30;
  double readTimeout = 1200;
  int attempts = 5;

  // Neither a server, nor a batch file to read or write: nothing can answer.
  bool NoRoute() const { return baseUrl.empty() && emitRequests.empty() && responses.empty(); }
};

// `role` names the model in the help texts: "the model", "the teacher".
void AddModelServerOptions(CLI::App* app, ModelServerOptions& options, const std::string& role);

// Copies the options into `generate` (model, endpoint, sampling, client, cache, batch route, jobs);
// returns the first complaint about them, or "".
std::string ApplyModelServerOptions(const ModelServerOptions& options, gen::GenerateOptions& generate);

}  // namespace akgen
