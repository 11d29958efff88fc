// `akgen tasks [SUITE]`: the tasks of a suite, with their case counts and any problems found; with
// --lint, the findings of the task-quality checks (bench/lint/task_lint.h) instead; with --goldens,
// every case's inputs and golden outputs computed into the cache (bench/oracle/task_goldens.h), with
// times per task and category and the cases run at scaled shapes.
#pragma once
#include <string>

#include "bench/task/task_filter.h"

namespace akgen {

struct TasksOptions {
  std::string suite = "builtin";
  bench::TaskFilter filter;
  bool json = false;
  bool lint = false;
  bool goldens = false;
  std::string cacheDir;  // --goldens: empty for DefaultCacheDir()
  unsigned jobs = 1;
  uint64_t seed = 0;
  bool timingOnly = false;
  int64_t maxElements = 0;  // set from bench::kDefaultMaxElements by the command line
  std::string shapes = "task";  // MultiKernelBench: task or paper
};

// Exit status 0, or 1 when a task is unreadable. With lint: 0 when there are no findings, 1 when
// there are, 2 when the suite is not a task tree or the oracle's python cannot run. With goldens: 0
// when every case has its golden, 1 when one has none.
int ListTasks(const TasksOptions& options);

}  // namespace akgen
