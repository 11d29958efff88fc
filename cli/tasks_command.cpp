#include "tasks_command.h"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <sstream>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "bench/cache/cache_users.h"
#include "bench/lint/task_lint.h"
#include "bench/oracle/task_goldens.h"
#include "bench/report/text_table.h"
#include "bench/oracle/oracle_error.h"
#include "bench/task/task_tree.h"
#include "cache_location.h"
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
                << (task->files.answer || task->format == bench::TaskFormat::MultiKernelBench ? "" : "  (no answer)")
                << '\n';
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

std::string Seconds(double seconds) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(1) << seconds;
  return text.str();
}

std::string ScaledText(const bench::TaskGoldens& goldens) {
  for (const bench::CaseGolden& golden : goldens.cases) {
    if (golden.scaledConstants.empty()) continue;
    std::string text;
    for (const auto& [name, values] : golden.scaledConstants)
      text += (text.empty() ? "" : ", ") + name + " " + std::to_string(values.first) + " -> " +
              std::to_string(values.second);
    return text;
  }
  return "";
}

nlohmann::json GoldensJson(const std::vector<bench::TaskGoldens>& all) {
  nlohmann::json tasks = nlohmann::json::array();
  for (const bench::TaskGoldens& goldens : all) {
    nlohmann::json cases = nlohmann::json::array();
    for (const bench::CaseGolden& golden : goldens.cases) {
      nlohmann::json entry{{"case_id", golden.caseId}, {"seconds", golden.seconds}, {"cached", golden.fromCache}};
      if (!golden.problem.empty()) entry[golden.taskError ? "task_error" : "problem"] = golden.problem;
      if (!golden.note.empty()) entry["note"] = golden.note;
      for (const auto& [name, values] : golden.scaledConstants)
        entry["scaled_constants"][name] = {values.first, values.second};
      cases.push_back(std::move(entry));
    }
    tasks.push_back({{"task", goldens.task->Key()}, {"category", goldens.task->category},
                     {"seconds", goldens.seconds}, {"scaled", goldens.Scaled()}, {"cases", std::move(cases)}});
  }
  return tasks;
}

// A table of tasks, the failed cases' messages, then a table of categories and the total.
void PrintGoldens(const std::vector<bench::TaskGoldens>& all, double loadSeconds) {
  struct Totals {
    size_t tasks = 0, cases = 0, failed = 0, scaled = 0;
    double seconds = 0;
  };
  std::map<std::string, Totals> categories;
  Totals total;
  bench::TextTable tasks{{"task", "cases", "golden s", "no golden", "scaled shapes"}, {}};
  std::string failures;
  for (const bench::TaskGoldens& goldens : all) {
    tasks.rows.push_back({goldens.task->Key(), std::to_string(goldens.cases.size()), Seconds(goldens.seconds),
                          std::to_string(goldens.Failed()), ScaledText(goldens)});
    for (const bench::CaseGolden& golden : goldens.cases)
      if (!golden.problem.empty())
        failures += goldens.task->Key() + " case " + std::to_string(golden.caseId) +
                    (golden.taskError ? " (task_error): " : ": ") + golden.problem + "\n";
    for (Totals* totals : {&categories[goldens.task->category], &total}) {
      ++totals->tasks;
      totals->cases += goldens.cases.size();
      totals->failed += goldens.Failed();
      totals->scaled += goldens.Scaled() ? 1 : 0;
      totals->seconds += goldens.seconds;
    }
  }
  bench::TextTable summary{{"category", "tasks", "cases", "no golden", "scaled tasks", "golden s"}, {}};
  categories.emplace("(all)", total);
  for (const auto& [name, totals] : categories)
    summary.rows.push_back({name, std::to_string(totals.tasks), std::to_string(totals.cases),
                            std::to_string(totals.failed), std::to_string(totals.scaled), Seconds(totals.seconds)});
  std::cout << bench::RenderGrid(tasks) << failures << bench::RenderGrid(summary) << "tasks read in "
            << Seconds(loadSeconds) << " s; cached cases count 0 s\n";
}

int Goldens(const TasksOptions& options, const bench::FilteredTasks& selected, double loadSeconds) {
  const std::filesystem::path cache = CacheDirOption(options.cacheDir);
  std::filesystem::create_directories(cache);
  const bench::CacheUser user(cache);  // an evaluation pruning the cache meanwhile spares these goldens
  const bench::OracleConfig config = bench::OracleConfigFromEnvironment(AKGEN_PYTHON_PACKAGE_DIR, cache / "golden");
  const std::vector<bench::TaskGoldens> all = bench::ProduceTaskGoldens(
      config, selected.tasks, {options.seed, options.timingOnly, {options.maxElements, options.shapes == "paper"}, options.jobs});
  if (options.json)
    std::cout << GoldensJson(all).dump(2) << '\n';
  else
    PrintGoldens(all, loadSeconds);
  const bool complete = std::all_of(all.begin(), all.end(), [](const bench::TaskGoldens& g) { return g.Failed() == 0; });
  return complete ? 0 : kFindings;
}

}  // namespace

int ListTasks(const TasksOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const bench::TaskTree tree = bench::ReadTaskTree(SuiteRoot(options.suite));
  const double loadSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const bench::FilteredTasks selected = bench::FilterTasks(tree.tasks, options.filter);
  for (const bench::TaskProblem& problem : tree.problems) std::cerr << bench::ToString(problem) << '\n';
  for (const std::string& value : selected.unmatched) std::cerr << "warning: no task matches '" << value << "'\n";
  if (options.goldens) {
    if (tree.tasks.empty() && tree.HasErrors()) return kUnusableInput;
    const int status = Goldens(options, selected, loadSeconds);
    return status == 0 && tree.HasErrors() ? kFindings : status;
  }
  if (!options.lint) {
    PrintListing(tree, selected, options.json);
    return tree.HasErrors() ? 1 : 0;
  }
  if (tree.tasks.empty() && tree.HasErrors()) return kUnusableInput;
  const int status = Lint(selected, options.json);
  return status == 0 && tree.HasErrors() ? kFindings : status;
}

}  // namespace akgen
