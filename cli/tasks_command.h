// `akgen tasks [SUITE]`: the tasks of a suite, with their case counts and any problems found.
#pragma once
#include <string>

#include "bench/task/task_filter.h"

namespace akgen {

struct TasksOptions {
  std::string suite = "builtin";
  bench::TaskFilter filter;
  bool json = false;
};

int ListTasks(const TasksOptions& options);

}  // namespace akgen
