#include "tasks_command.h"

#include <chrono>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "bench/lint/task_lint.h"
#include "bench/oracle/oracle_error.h"
#include "bench/task/task_tree.h"
#include "suite_location.h"

namespace akgen {
namespace {

constexpr int kFindings = 1;
constexpr int kUnusableInput = 2;

void PrintListing(const bench::TaskTree& tree, const bench::FilteredTasks& selected, bool json) {
  if (json) {
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
}

// `3 findings in 2 of 18 tasks (input-generation 1, unread-column 2) in 12 s`
std::string LintSummary(const std::vector<bench::LintFinding>& findings, size_t taskCount, long seconds) {
  std::map<std::string, int> byKind;
  std::map<std::string, int> byTask;
  for (const bench::LintFinding& finding : findings) {
    ++byKind[finding.kind];
    ++byTask[finding.task];
  }
  std::string kinds;
  for (const auto& [kind, count] : byKind) kinds += (kinds.empty() ? " (" : ", ") + kind + " " + std::to_string(count);
  return std::to_string(findings.size()) + " findings in " + std::to_string(byTask.size()) + " of " +
         std::to_string(taskCount) + " tasks" + (kinds.empty() ? "" : kinds + ")") + " in " + std::to_string(seconds) +
         " s";
}

int Lint(const bench::FilteredTasks& selected, bool json) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<bench::LintFinding> findings;
  try {
    // The lint runs task code like the oracle, with its interpreter, but caches nothing.
    findings = bench::LintTasks(bench::OracleConfigFromEnvironment(AKGEN_PYTHON_PACKAGE_DIR, {}), selected.tasks);
  } catch (const bench::OracleError& error) {
    std::cerr << "error: " << error.what() << '\n';
    return kUnusableInput;
  }
  if (json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const bench::LintFinding& finding : findings) list.push_back(ToJson(finding));
    std::cout << list.dump(2) << '\n';
  } else {
    for (const bench::LintFinding& finding : findings) std::cout << ToText(finding) << '\n';
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start);
    std::cout << LintSummary(findings, selected.tasks.size(), seconds.count()) << '\n';
  }
  return findings.empty() ? 0 : kFindings;
}

}  // namespace

int ListTasks(const TasksOptions& options) {
  const bench::TaskTree tree = bench::ReadTaskTree(SuiteRoot(options.suite));
  const bench::FilteredTasks selected = bench::FilterTasks(tree.tasks, options.filter);
  for (const bench::TaskProblem& problem : tree.problems) std::cerr << bench::ToString(problem) << '\n';
  for (const std::string& value : selected.unmatched) std::cerr << "warning: no task matches '" << value << "'\n";
  if (!options.lint) {
    PrintListing(tree, selected, options.json);
    return tree.HasErrors() ? 1 : 0;
  }
  if (tree.tasks.empty() && tree.HasErrors()) return kUnusableInput;
  const int status = Lint(selected, options.json);
  return status == 0 && tree.HasErrors() ? kFindings : status;
}

}  // namespace akgen
