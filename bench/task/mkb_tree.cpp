#include "bench/task/mkb_tree.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <optional>
#include <regex>

#include "bench/builder/source_scan.h"
#include "bench/common/content_hash.h"
#include "bench/task/directory_listing.h"

namespace akgen::bench {
namespace fs = std::filesystem;
namespace {

bool Defines(const std::string& text, const std::string& pattern) {
  return std::regex_search(text, std::regex("(^|\\n)" + pattern));
}

std::vector<fs::path> TaskFilesIn(const fs::path& category) {
  std::vector<fs::path> files;
  for (const fs::path& file : SortedEntries(category, false))
    if (file.extension() == ".py" && file.filename().string().rfind('_', 0) != 0) files.push_back(file);
  return files;
}

fs::path ReferenceFolder(const fs::path& root) {
  return fs::is_directory(root / "reference") ? root / "reference" : root;
}

class MkbTaskReader {
 public:
  MkbTaskReader(Task& task, std::vector<TaskProblem>& problems) : task_(task), problems_(problems) {}

  bool Read() {
    const std::string text = ReadFileText(task_.files.module);
    bool usable = true;
    for (const auto& [pattern, name] : {std::pair{"class\\s+Model\\b", "class Model"},
                                        {"def\\s+get_init_inputs\\s*\\(", "get_init_inputs()"}}) {
      if (Defines(text, pattern)) continue;
      Error(task_.files.module.string() + ": defines no " + name +
            "; a MultiKernelBench task defines Model, get_inputs (or get_input_groups) and get_init_inputs");
      usable = false;
    }
    if (Defines(text, "def\\s+get_input_groups\\s*\\(")) return ReadGroups() && usable;
    if (!Defines(text, "def\\s+get_inputs\\s*\\(")) {
      Error(task_.files.module.string() + ": defines neither get_inputs() nor get_input_groups(); add get_inputs()");
      return false;
    }
    for (int trial = 0; trial < kMultiKernelBenchTrials; ++trial) AddCase(trial, 0);
    return usable;
  }

 private:
  // One case per non-blank line of `<task>.json`, the file MultiKernelBench's grouped tasks read.
  bool ReadGroups() {
    fs::path cases = task_.files.module;
    cases.replace_extension(".json");
    if (!fs::is_regular_file(cases)) {
      Error(cases.string() + ": missing; " + task_.files.module.filename().string() +
            " defines get_input_groups(), whose cases are read from this file, one JSON object per line");
      return false;
    }
    task_.files.testCases = cases;
    std::ifstream stream(cases, std::ios::binary);
    std::string line;
    for (int lineNumber = 1, id = 0; std::getline(stream, line); ++lineNumber)
      if (line.find_first_not_of(" \t\r") != std::string::npos) AddCase(id++, lineNumber);
    if (task_.cases.empty()) {
      Error(cases.string() + ": no cases; write one JSON object per line");
      return false;
    }
    return true;
  }

  void AddCase(int id, int line) { task_.cases.push_back({id, line, {{"case_id", std::to_string(id)}}, std::nullopt}); }

  void Error(std::string message) { problems_.push_back({ProblemSeverity::Error, task_.Key(), std::move(message)}); }

  Task& task_;
  std::vector<TaskProblem>& problems_;
};

Task NewMkbTask(const fs::path& file) {
  Task task;
  task.format = TaskFormat::MultiKernelBench;
  task.category = file.parent_path().filename().string();
  task.folderName = file.stem().string();
  task.kernelName = task.folderName + "_custom";  // MultiKernelBench appends _custom against name clashes
  task.opName = MkbPascalCase(task.kernelName);
  task.directory = file.parent_path();
  task.files.module = file;
  task.caseColumns = {"case_id"};
  return task;
}

}  // namespace

bool IsMultiKernelBenchTree(const fs::path& root) {
  const fs::path reference = ReferenceFolder(root);
  if (!fs::is_directory(reference)) return false;
  const std::vector<fs::path> folders = SortedEntries(reference, true);
  const bool levels = std::any_of(folders.begin(), folders.end(),
                                  [](const fs::path& folder) { return folder.filename().string().rfind("level", 0) == 0; });
  return !levels && std::any_of(folders.begin(), folders.end(),
                                [](const fs::path& folder) { return !TaskFilesIn(folder).empty(); });
}

TaskTree ReadMultiKernelBenchTree(const fs::path& root) {
  TaskTree tree;
  tree.root = ReferenceFolder(root);
  for (const fs::path& category : SortedEntries(tree.root, true)) {
    for (const fs::path& file : TaskFilesIn(category)) {
      Task task = NewMkbTask(file);
      if (MkbTaskReader(task, tree.problems).Read()) tree.tasks.push_back(std::move(task));
    }
  }
  if (tree.tasks.empty() && tree.problems.empty())
    tree.problems.push_back({ProblemSeverity::Error, "",
                             tree.root.string() + ": no tasks; MultiKernelBench tasks live in reference/<category>/<task>.py"});
  std::sort(tree.tasks.begin(), tree.tasks.end(), [](const Task& a, const Task& b) { return a.Key() < b.Key(); });
  return tree;
}

ShapeMode JudgedShapeMode(const fs::path& suiteRoot, ShapeMode requested) {
  return IsMultiKernelBenchTree(suiteRoot) ? ShapeMode::Dynamic : requested;
}

namespace {

// The text between the parenthesis opening at `open` and its match, or nullopt when it never closes.
std::optional<std::string> Parenthesized(const std::string& text, size_t open) {
  int depth = 0;
  for (size_t i = open; i < text.size(); ++i) {
    if (text[i] == '(' || text[i] == '[' || text[i] == '{') ++depth;
    if ((text[i] == ')' || text[i] == ']' || text[i] == '}') && --depth == 0) return text.substr(open + 1, i - open - 1);
  }
  return std::nullopt;
}

// The parameters of `def <method>(self, ...)` in `body`, after self: as written (on one line) and
// their names.
void ReadParameters(const std::string& body, const std::string& method, std::string& written,
                    std::vector<std::string>& names) {
  std::smatch match;
  if (!std::regex_search(body, match, std::regex("def\\s+" + method + "\\s*\\("))) return;
  const std::optional<std::string> inside = Parenthesized(body, size_t(match.position(0) + match.length(0) - 1));
  if (!inside) return;
  std::vector<std::string> parameters;
  int depth = 0;
  std::string current;
  for (const char c : *inside + ",") {
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (c == ',' && depth == 0) {
      if (!Trimmed(current).empty()) parameters.push_back(Trimmed(current));
      current.clear();
      continue;
    }
    current += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  }
  if (!parameters.empty() && parameters.front() == "self") parameters.erase(parameters.begin());
  for (const std::string& parameter : parameters) {
    written += (written.empty() ? "" : ", ") + parameter;
    std::string name = Trimmed(parameter.substr(0, parameter.find_first_of(":=")));
    name.erase(0, name.find_first_not_of('*'));
    if (!name.empty() && name != "/") names.push_back(name);
  }
}

}  // namespace

MkbModelSignature ReadMkbModelSignature(const std::string& moduleText) {
  MkbModelSignature signature;
  std::smatch match;
  if (!std::regex_search(moduleText, match, std::regex("(^|\\n)class\\s+Model\\b"))) return signature;
  // The class body: up to the next line that starts at column 0 with code.
  const size_t begin = size_t(match.position(0) + match.length(0));
  std::smatch next;
  const std::string rest = moduleText.substr(begin);
  const std::string body = std::regex_search(rest, next, std::regex("\\n[^\\s#]")) ? rest.substr(0, size_t(next.position(0))) : rest;
  ReadParameters(body, "__init__", signature.initParameters, signature.initNames);
  ReadParameters(body, "forward", signature.forwardParameters, signature.forwardNames);
  return signature;
}

std::string MkbPascalCase(std::string_view underscored) {
  std::string pascal;
  bool wordStart = true;
  for (const char c : underscored) {
    if (c == '_') {
      wordStart = true;
      continue;
    }
    pascal += wordStart ? char(std::toupper(static_cast<unsigned char>(c))) : char(std::tolower(static_cast<unsigned char>(c)));
    wordStart = false;
  }
  return pascal;
}

}  // namespace akgen::bench
