// What `akgen generate` is asked to do: which tasks, how to prompt, which server and model, how many
// samples and repair rounds, where the outputs and the response cache go, and how to evaluate.
#pragma once
#include <filesystem>
#include <string>

#include "bench/eval/evaluate.h"
#include "bench/task/evaluation_unit.h"
#include "bench/task/task_filter.h"
#include "gen/client/completion.h"
#include "gen/client/completion_client.h"
#include "gen/prompt/task_prompt.h"

namespace akgen::gen {

struct GenerateOptions {
  std::filesystem::path suiteRoot;
  // Where the DSL route's few-shot programs come from (tasks with answer/dsl/*.craft): the built-in
  // suite, since an NPUKernelBench tree has none. Empty: the suite itself.
  std::filesystem::path exampleSuiteRoot;
  bench::TaskFilter filter;
  // Route, template mode, shape mode and prompts folder; the static case and the DSL examples are
  // chosen per task.
  PromptOptions prompt;
  bench::CaseSelection cases = bench::CaseSelection::Default();  // static mode: the case prompted and judged
  std::string model;
  Endpoint endpoint = Endpoint::Chat;
  SamplingParams sampling;  // `n` is chosen per request: the samples still missing
  ClientOptions client;
  int samples = 1;            // per task (per task and case in static mode)
  int rounds = 1;             // the first answer and up to rounds-1 repairs
  unsigned jobs = 4;          // requests in flight
  int choicesPerRequest = 0;  // the most `n` one request asks for (servers that refuse n > 1); 0: no limit
  std::filesystem::path outDir;
  std::filesystem::path responseCache;  // empty: OUT/responses.sqlite
  bool readCache = true;                // --no-cache: ask the server again (answers are still stored)
  std::filesystem::path emitRequests;   // batch route: write unanswered requests here instead of sending
  std::filesystem::path responses;      // batch route: answers from a batch output file
  bool evaluate = false;                // judge the final candidates and report (rounds > 1 judge every round)
  // Evaluation settings (cache, jobs, seed, timeout, sync, oracle); the suite, solutions, shape
  // mode, case, filter and out folder are set per round.
  bench::EvalOptions eval;
};

}  // namespace akgen::gen
