// The task trees a server judges against, by name (`akgen serve --suite NAME=PATH`; `builtin` is
// always there), read once at start so a request naming an unknown task is refused at once.
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "bench/task/task_tree.h"

namespace akgen::serve {

class SuiteCatalog {
 public:
  // Throws std::runtime_error naming the suite when its tree cannot be read or holds no task.
  void Add(const std::string& name, const std::filesystem::path& root);

  std::vector<std::string> Names() const;
  const bench::TaskTree* FindSuite(const std::string& name) const;
  // By key (`level1/Math/Muls`) or, when one task has it, by op folder name (`Muls`).
  const bench::Task* FindTask(const std::string& suite, const std::string& task) const;

 private:
  std::map<std::string, bench::TaskTree> suites_;
};

}  // namespace akgen::serve
