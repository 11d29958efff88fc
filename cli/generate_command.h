// `akgen generate SUITE --base-url URL --model M …`: generation with a language model, optional
// repair rounds and evaluation (gen/generation/generate.h).
#pragma once
#include <string>
#include <vector>

#include "bench/task/task_filter.h"

namespace akgen {

struct GenerateCommandOptions {
  std::string suite = "builtin";
  std::string baseUrl;
  std::string model;
  std::string apiKeyVariable = "OPENAI_API_KEY";
  std::string api = "chat";  // chat | completions
  int samples = 1;
  int rounds = 1;
  std::string mode = "direct";        // direct | dsl
  std::string templateMode = "full";  // full | kernel-only
  std::string shapeMode = "static";
  std::string caseSelection;  // static mode: a case_id (default: case 0)
  bench::TaskFilter filter;
  unsigned jobs = 4;
  int choicesPerRequest = 0;
  std::string outDir;
  bool evaluate = false;
  std::string promptsDir;
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
  // Evaluation, as `akgen eval`.
  std::string cacheDir;
  unsigned evalJobs = 1;
  double runSeconds = 120;
  std::string syncMode = "auto";
};

int Generate(const GenerateCommandOptions& options);

}  // namespace akgen
