// Reads an NPUKernelBench `tasks/` tree as it is: `level<N>/<Category>/<Op>/` folders, found the
// way NPUKernelBench's TaskDiscovery finds them; a MultiKernelBench tree is read by
// bench/task/mkb_tree.h. A broken task is reported and left out; the others are still read.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "bench/task/task.h"

namespace akgen::bench {

enum class ProblemSeverity { Warning, Error };

// An Error means the task was left out; a Warning means it was read but something optional (a
// template, the api description, a usable answer) is missing. `message` starts with the file and,
// where there is one, the line, and ends with the fix.
struct TaskProblem {
  ProblemSeverity severity = ProblemSeverity::Error;
  std::string task;  // `level1/Math/Sqrt`, or empty for a problem with the tree itself
  std::string message;
};

std::string ToString(const TaskProblem& problem);  // `error: <message>` / `warning: <message>`

struct TaskTree {
  std::filesystem::path root;
  std::vector<Task> tasks;  // sorted by key
  std::vector<TaskProblem> problems;

  bool HasErrors() const;
  const Task* Find(const std::string& key) const;
};

TaskTree ReadTaskTree(const std::filesystem::path& root);

}  // namespace akgen::bench
