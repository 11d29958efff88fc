#include "bench/lint/task_lint.h"

#include <unistd.h>

#include <fstream>
#include <sstream>

#include "bench/lint/duplicate_cases.h"
#include "bench/oracle/oracle_error.h"
#include "bench/oracle/oracle_process.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

// What akgen_oracle.lint reads: each task's validation folder and its rows as raw strings, with the
// line each row starts on so findings can point at it.
nlohmann::json TaskListJson(const std::vector<const Task*>& tasks) {
  nlohmann::json list = nlohmann::json::array();
  for (const Task* task : tasks) {
    nlohmann::json cases = nlohmann::json::array();
    for (const TestCase& testCase : task->cases) {
      nlohmann::ordered_json row = nlohmann::ordered_json::object();
      for (const std::string& column : task->caseColumns) row[column] = testCase.values.at(column);
      cases.push_back({{"line", testCase.line}, {"row", row}});
    }
    list.push_back({{"task", task->Key()},
                    {"validation_dir", task->files.module.parent_path().string()},
                    {"columns", task->caseColumns},
                    {"cases", cases}});
  }
  return list;
}

// A file for the task list, removed when the lint ends: the rows of a large tree exceed what one
// command-line argument may hold.
class TaskListFile {
 public:
  explicit TaskListFile(const nlohmann::json& list) {
    std::string pattern = (fs::temp_directory_path() / "akgen-lint-XXXXXX").string();
    const int descriptor = mkstemp(pattern.data());
    if (descriptor < 0) throw OracleError("cannot create a file in " + pattern);
    close(descriptor);
    path_ = pattern;
    std::ofstream(path_) << list.dump();
  }
  ~TaskListFile() {
    std::error_code ignored;
    fs::remove(path_, ignored);
  }
  TaskListFile(const TaskListFile&) = delete;
  TaskListFile& operator=(const TaskListFile&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::vector<LintFinding> PythonFindings(const OracleConfig& config, const std::vector<const Task*>& tasks) {
  const TaskListFile taskList(TaskListJson(tasks));
  OracleConfig wholeRun = config;
  wholeRun.timeout = config.timeout * static_cast<long>(tasks.size()) + std::chrono::seconds(60);
  const PythonRun run =
      RunOracleModule(wholeRun, "akgen_oracle.lint",
                      {"--tasks", taskList.path().string(), "--task-timeout", std::to_string(config.timeout.count())});
  if (!run.Succeeded())
    throw OracleError("akgen_oracle.lint failed: " + (run.timedOut ? "timed out" : Diagnosis(run.err)));
  std::vector<LintFinding> findings;
  std::istringstream lines(run.out);
  for (std::string line; std::getline(lines, line);) {
    try {
      findings.push_back(LintFindingFromJson(nlohmann::json::parse(line)));
    } catch (const nlohmann::json::exception& error) {
      throw OracleError("akgen_oracle.lint printed an unreadable finding '" + line + "': " + error.what());
    }
  }
  return findings;
}

}  // namespace

std::vector<LintFinding> LintTasks(const OracleConfig& config, const std::vector<const Task*>& tasks) {
  std::vector<LintFinding> pythonFindings = tasks.empty() ? std::vector<LintFinding>{} : PythonFindings(config, tasks);
  std::vector<LintFinding> findings;
  for (const Task* task : tasks) {
    for (LintFinding& finding : FindDuplicateCases(*task)) findings.push_back(std::move(finding));
    for (LintFinding& finding : pythonFindings)
      if (finding.task == task->Key()) findings.push_back(std::move(finding));
  }
  return findings;
}

}  // namespace akgen::bench
