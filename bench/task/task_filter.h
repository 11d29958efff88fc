// The `--task`, `--level` and `--category` options. Each option lists accepted values; a task is
// kept when it matches every option that was given.
#pragma once
#include <string>
#include <vector>

#include "bench/task/task.h"

namespace akgen::bench {

struct TaskFilter {
  std::vector<int> levels;
  std::vector<std::string> categories;  // `Math`
  std::vector<std::string> tasks;       // an op folder name (`Sqrt`, as NPUKernelBench's -task_name) or a key
};

struct FilteredTasks {
  std::vector<const Task*> tasks;
  std::vector<std::string> unmatched;  // filter values that selected nothing, to warn about typos
};

// Borrows from `tasks`, which must outlive the result.
FilteredTasks FilterTasks(const std::vector<Task>& tasks, const TaskFilter& filter);

}  // namespace akgen::bench
