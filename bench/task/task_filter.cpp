#include "bench/task/task_filter.h"

#include <algorithm>
#include <type_traits>

namespace akgen::bench {
namespace {

template <typename T>
bool Accepts(const std::vector<T>& accepted, const T& value) {
  return accepted.empty() || std::find(accepted.begin(), accepted.end(), value) != accepted.end();
}

bool NamesTask(const std::string& name, const Task& task) { return name == task.folderName || name == task.Key(); }

bool AcceptsTask(const TaskFilter& filter, const Task& task) {
  const bool taskNamed =
      filter.tasks.empty() || std::any_of(filter.tasks.begin(), filter.tasks.end(),
                                          [&](const std::string& name) { return NamesTask(name, task); });
  return taskNamed && Accepts(filter.levels, task.level) && Accepts(filter.categories, task.category);
}

template <typename T, typename Matches>
void CollectUnmatched(const std::vector<T>& values, const std::vector<const Task*>& kept, Matches matches,
                      const std::string& option, std::vector<std::string>& unmatched) {
  for (const T& value : values) {
    const bool used = std::any_of(kept.begin(), kept.end(), [&](const Task* task) { return matches(value, *task); });
    if (!used) {
      if constexpr (std::is_same_v<T, int>) {
        unmatched.push_back(option + " " + std::to_string(value));
      } else {
        unmatched.push_back(option + " " + value);
      }
    }
  }
}

}  // namespace

FilteredTasks FilterTasks(const std::vector<Task>& tasks, const TaskFilter& filter) {
  FilteredTasks result;
  for (const Task& task : tasks) {
    if (AcceptsTask(filter, task)) result.tasks.push_back(&task);
  }
  CollectUnmatched(
      filter.levels, result.tasks, [](int level, const Task& task) { return task.level == level; }, "--level",
      result.unmatched);
  CollectUnmatched(
      filter.categories, result.tasks,
      [](const std::string& category, const Task& task) { return task.category == category; }, "--category",
      result.unmatched);
  CollectUnmatched(filter.tasks, result.tasks, NamesTask, "--task", result.unmatched);
  return result;
}

}  // namespace akgen::bench
