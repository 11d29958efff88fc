// `akgen generate SUITE --base-url URL --model M …`: generation with a language model, optional
// repair rounds and evaluation (gen/generation/generate.h).
#pragma once
#include <string>
#include <vector>

#include "bench/task/task_filter.h"
#include "model_server_options.h"

namespace akgen {

struct GenerateCommandOptions {
  std::string suite = "builtin";
  ModelServerOptions server;  // the model and how to reach it
  int samples = 1;
  int rounds = 1;
  std::string mode = "direct";        // direct | dsl
  std::string templateMode = "full";  // full | kernel-only
  std::string shapeMode = "static";
  std::string caseSelection;  // static mode: a case_id (default: case 0)
  bench::TaskFilter filter;
  std::string outDir;
  bool evaluate = false;
  std::string promptsDir;
  std::string mkbStrategy = "add_shot";  // MultiKernelBench tasks: add_shot | selected_shot
  // Evaluation, as `akgen eval`.
  std::string cacheDir;
  std::string cacheSize;  // empty: bench::kDefaultCacheBytes
  unsigned evalJobs = 1;
  double runSeconds = 120;
  std::string syncMode = "auto";
};

int Generate(const GenerateCommandOptions& options);

}  // namespace akgen
