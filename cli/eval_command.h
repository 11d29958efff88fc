// `akgen eval SUITE --solutions answer|dsl|DIR`: evaluate solutions on the simulator, then report.
// `dsl` compiles each task's DSL solutions into OUT/dsl-samples first and evaluates those.
#pragma once
#include <cstdint>
#include <string>

#include "bench/task/task_filter.h"

namespace akgen {

struct EvalCommandOptions {
  std::string suite = "builtin";
  std::string solutions = "answer";
  std::string shapeMode = "static";
  std::string caseSelection;  // empty: NPUKernelBench's default (case 0); a case_id; or `all`
  std::string outDir = "akgen-out";
  std::string cacheDir;  // empty: $XDG_CACHE_HOME/akgen or ~/.cache/akgen
  std::string cacheSize;  // empty: bench::kDefaultCacheBytes
  std::string shard = "0/1";  // I/N
  unsigned jobs = 1;
  uint64_t seed = 0;
  int extraCases = 0;
  double runSeconds = 120;
  std::string syncMode = "auto";
  bool timingOnly = false;
  bool noReferenceTimes = false;
  bool keepWork = false;
  int64_t maxElements = 0;  // set from bench::kDefaultMaxElements by the command line
  std::string shapes = "task";  // MultiKernelBench: task or paper
  double mkbTolerance = 1e-4;   // MultiKernelBench's allclose tolerance
  bench::TaskFilter filter;
};

int Eval(const EvalCommandOptions& options);

}  // namespace akgen
