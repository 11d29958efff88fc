// The task trees a server judges against, by name (`akgen serve --suite NAME=PATH`; `builtin` is
// always there), read once at start so a request naming an unknown task is refused at once. With
// inline tasks allowed (`--trust-inline-tasks`), a request may also bring a task of its own: it is
// written to a tree named by its content (`inline:<hash>`) and served from then on.
#pragma once
#include <filesystem>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/task/task_tree.h"

namespace akgen::serve {

class SuiteCatalog {
 public:
  // Throws std::runtime_error naming the suite when its tree cannot be read or holds no task.
  void Add(const std::string& name, const std::filesystem::path& root);

  // Inline tasks are written below `root`. Their reference code (module.py, prepare_inputs.py,
  // pybind.cpp) runs in the oracle outside the sandbox, as every task's does: only for clients the
  // operator trusts.
  void AllowInlineTasks(const std::filesystem::path& root);
  bool InlineTasksAllowed() const { return !inlineRoot_.empty(); }
  // The suite name of an inline task: {"level": N, "category": C, "name": Op, "files": {path: text}},
  // the files in NPUKernelBench's layout (validation/…, question/…, api_desc.md). Throws
  // std::invalid_argument naming what is wrong (a bad path, or what the task reader found).
  std::string AddInline(const nlohmann::json& task);

  std::vector<std::string> Names() const;  // the named suites, without inline ones
  const bench::TaskTree* FindSuite(const std::string& name) const;
  // By key (`level1/Math/Muls`) or, when one task has it, by op folder name (`Muls`).
  const bench::Task* FindTask(const std::string& suite, const std::string& task) const;

 private:
  mutable std::mutex mutex_;  // inline suites are added while requests are served
  std::map<std::string, bench::TaskTree> suites_;  // node-based: a tree's address never changes
  std::filesystem::path inlineRoot_;
};

}  // namespace akgen::serve
