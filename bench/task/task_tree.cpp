#include "bench/task/task_tree.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>

#include "bench/task/directory_listing.h"
#include "bench/task/mkb_tree.h"
#include "bench/task/op_name.h"

namespace akgen::bench {
namespace fs = std::filesystem;
namespace {

// NPUKernelBench looks for a validation file in the task first, then in `<Category>/common/`; no
// task uses the fallback today, but a tree may.
constexpr const char* kCommonFolder = "common";

std::string FileNames(const fs::path& directory) {
  std::string names;
  for (const fs::path& file : SortedEntries(directory, false))
    names += (names.empty() ? "" : ", ") + file.filename().string();
  return names.empty() ? "nothing" : names;
}

class TaskReader {
 public:
  TaskReader(Task& task, std::vector<TaskProblem>& problems) : task_(task), problems_(problems) {}

  // Returns false when the task cannot be evaluated (its problems say why).
  bool Read() {
    bool usable = FindValidationFiles();
    FindQuestionTemplates();
    FindApiDesc();
    FindAnswer();
    if (usable) usable = ReadCases();
    return usable;
  }

 private:
  bool FindValidationFiles() {
    TaskFiles& files = task_.files;
    bool found = true;
    for (auto [name, slot] : {std::pair{"module.py", &files.module},
                              {"prepare_inputs.py", &files.prepareInputs},
                              {"pybind.cpp", &files.pybind},
                              {"test_cases.csv", &files.testCases}}) {
      std::optional<fs::path> path = ValidationFile(name);
      if (path) {
        *slot = *path;
      } else {
        found = false;
        Report(ProblemSeverity::Error, (task_.directory / "validation" / name).string() +
                                           ": missing; every task needs validation/module.py, prepare_inputs.py, "
                                           "pybind.cpp and test_cases.csv");
      }
    }
    return found;
  }

  std::optional<fs::path> ValidationFile(const std::string& name) const {
    for (const fs::path& candidate :
         {task_.directory / "validation" / name, task_.directory.parent_path() / kCommonFolder / "validation" / name}) {
      if (fs::is_regular_file(candidate)) return candidate;
    }
    return std::nullopt;
  }

  void FindQuestionTemplates() {
    task_.files.questionHost = Template("op_host", "kernel-only candidates are built with this host template");
    task_.files.questionKernel = Template("op_kernel", "prompts show this kernel signature");
  }

  std::optional<fs::path> Template(const std::string& side, const std::string& whyNeeded) {
    const fs::path folder = task_.directory / "question" / side;
    const fs::path path = folder / (task_.kernelName + ".cpp");
    if (fs::is_regular_file(path)) return path;
    Report(ProblemSeverity::Warning, path.string() + ": missing (found " + FileNames(folder) +
                                         "); the template is named after the kernel, `" + task_.kernelName +
                                         "` being the snake_case of `" + task_.opName + "`; " + whyNeeded);
    return std::nullopt;
  }

  void FindApiDesc() {
    const fs::path path = task_.directory / "api_desc.md";
    if (fs::is_regular_file(path)) {
      task_.files.apiDesc = path;
    } else {
      Report(ProblemSeverity::Warning, path.string() + ": missing; prompts for this task will have no description");
    }
  }

  void FindAnswer() {
    const fs::path directory = task_.directory / "answer" / "0";
    if (!fs::is_directory(directory)) return;
    AnswerFiles answer{directory, FilesBelow(directory / "op_host"), FilesBelow(directory / "op_kernel")};
    if (answer.kernelFiles.empty()) {
      Report(ProblemSeverity::Warning, (directory / "op_kernel").string() +
                                           ": no files; `--solutions answer` will report this task's answer as a "
                                           "parse_error until answer/0/op_kernel holds the kernel");
    }
    task_.files.answer = std::move(answer);
  }

  bool ReadCases() {
    std::ifstream stream(task_.files.testCases, std::ios::binary);
    std::ostringstream text;
    text << stream.rdbuf();
    TestCaseTable table = ParseTestCases(text.str(), task_.files.testCases.string());
    for (const std::string& error : table.errors) Report(ProblemSeverity::Error, error);
    task_.caseColumns = std::move(table.columns);
    task_.cases = std::move(table.cases);
    return table.errors.empty();
  }

  void Report(ProblemSeverity severity, std::string message) {
    problems_.push_back({severity, task_.Key(), std::move(message)});
  }

  Task& task_;
  std::vector<TaskProblem>& problems_;
};

Task NewTask(int level, const fs::path& directory) {
  Task task;
  task.level = level;
  task.category = directory.parent_path().filename().string();
  task.folderName = directory.filename().string();
  task.opName = task.folderName.substr(0, task.folderName.find('_'));
  task.kernelName = KernelName(task.opName);
  task.directory = directory;
  return task;
}

void ReadLevel(int level, const fs::path& levelDirectory, TaskTree& tree) {
  for (const fs::path& category : SortedEntries(levelDirectory, true)) {
    for (const fs::path& taskDirectory : SortedEntries(category, true)) {
      if (taskDirectory.filename() == kCommonFolder) continue;
      Task task = NewTask(level, taskDirectory);
      if (TaskReader(task, tree.problems).Read()) tree.tasks.push_back(std::move(task));
    }
  }
}

}  // namespace

std::string ToString(const TaskProblem& problem) {
  return std::string(problem.severity == ProblemSeverity::Error ? "error: " : "warning: ") + problem.message;
}

bool TaskTree::HasErrors() const {
  return std::any_of(problems.begin(), problems.end(),
                     [](const TaskProblem& problem) { return problem.severity == ProblemSeverity::Error; });
}

const Task* TaskTree::Find(const std::string& key) const {
  for (const Task& task : tasks) {
    if (task.Key() == key) return &task;
  }
  return nullptr;
}

TaskTree ReadTaskTree(const fs::path& root) {
  TaskTree tree;
  tree.root = root;
  if (!fs::is_directory(root)) {
    tree.problems.push_back({ProblemSeverity::Error, "",
                             root.string() + ": not a directory; give the path of an NPUKernelBench `tasks/` folder "
                                             "or of a MultiKernelBench repository or its `reference/` folder"});
    return tree;
  }
  if (IsMultiKernelBenchTree(root)) return ReadMultiKernelBenchTree(root);
  bool sawLevel = false;
  for (const fs::path& directory : SortedEntries(root, true)) {
    const std::string name = directory.filename().string();
    if (name.rfind("level", 0) != 0) continue;
    sawLevel = true;
    if (std::optional<int> level = ParseLevel(name)) {
      ReadLevel(*level, directory, tree);
    } else {
      tree.problems.push_back({ProblemSeverity::Error, "",
                               directory.string() + ": not a level folder; name levels level1, level2, level3"});
    }
  }
  if (!sawLevel) {
    tree.problems.push_back({ProblemSeverity::Error, "",
                             root.string() + ": no level<N> folders; tasks live in <root>/level<N>/<Category>/<Op>/ "
                                             "(NPUKernelBench) or <root>/reference/<category>/<task>.py "
                                             "(MultiKernelBench)"});
  }
  std::sort(tree.tasks.begin(), tree.tasks.end(), [](const Task& a, const Task& b) { return a.Key() < b.Key(); });
  return tree;
}

}  // namespace akgen::bench
