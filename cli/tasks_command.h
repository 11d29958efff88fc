// `akgen tasks [SUITE]`: the tasks of a suite, with their case counts and any problems found; with
// --lint, the findings of the task-quality checks (bench/lint/task_lint.h) instead.
#pragma once
#include <string>

#include "bench/task/task_filter.h"

namespace akgen {

struct TasksOptions {
  std::string suite = "builtin";
  bench::TaskFilter filter;
  bool json = false;
  bool lint = false;
};

// Exit status 0, or 1 when a task is unreadable. With lint: 0 when there are no findings, 1 when
// there are, 2 when the suite is not a task tree or the oracle's python cannot run.
int ListTasks(const TasksOptions& options);

}  // namespace akgen
