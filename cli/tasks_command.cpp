#include "tasks_command.h"

#include <iostream>

#include <nlohmann/json.hpp>

#include "bench/task/task_tree.h"
#include "suite_location.h"

namespace akgen {

int ListTasks(const TasksOptions& options) {
  const bench::TaskTree tree = bench::ReadTaskTree(SuiteRoot(options.suite));
  const bench::FilteredTasks selected = bench::FilterTasks(tree.tasks, options.filter);
  for (const bench::TaskProblem& problem : tree.problems) std::cerr << bench::ToString(problem) << '\n';
  for (const std::string& value : selected.unmatched) std::cerr << "warning: no task matches '" << value << "'\n";
  if (options.json) {
    nlohmann::json tasks = nlohmann::json::array();
    for (const bench::Task* task : selected.tasks) {
      tasks.push_back({{"task", task->Key()},
                       {"level", task->level},
                       {"category", task->category},
                       {"op", task->opName},
                       {"kernel", task->kernelName},
                       {"cases", task->cases.size()},
                       {"answer", task->files.answer.has_value()}});
    }
    std::cout << tasks.dump(2) << '\n';
  } else {
    for (const bench::Task* task : selected.tasks) {
      std::cout << task->Key() << "  " << task->cases.size() << " cases"
                << (task->files.answer ? "" : "  (no answer)") << '\n';
    }
    std::cout << selected.tasks.size() << " tasks in " << tree.root.string() << '\n';
  }
  return tree.HasErrors() ? 1 : 0;
}

}  // namespace akgen
