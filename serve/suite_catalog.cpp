#include "serve/suite_catalog.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "bench/common/content_hash.h"
#include "craft/program_files.h"
#include "serve/client_path.h"

namespace akgen::serve {
namespace {

constexpr const char* kInlinePrefix = "inline:";

// A task file's path: in the parts of a task folder the reader knows.
bool IsTaskPath(const std::string& path) {
  const std::optional<std::string> top = TopFolderOfClientPath(path);
  return top == "validation" || top == "question" || top == "answer" || (top && path == "api_desc.md");
}

// A folder name: letters, digits and `_`, as task folders are.
bool IsFolderName(const std::string& name) {
  return !name.empty() && name.size() <= 64 &&
         std::all_of(name.begin(), name.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

std::string StringOf(const nlohmann::json& task, const char* field) {
  if (!task.contains(field) || !task.at(field).is_string() || !IsFolderName(task.at(field).get<std::string>()))
    throw std::invalid_argument(std::string("inline_task.") + field +
                                " must be a folder name of letters, digits and _ (e.g. \"MyAdd\")");
  return task.at(field).get<std::string>();
}

}  // namespace

void SuiteCatalog::AllowInlineTasks(const std::filesystem::path& root) { inlineRoot_ = std::filesystem::absolute(root); }

std::string SuiteCatalog::AddInline(const nlohmann::json& task) {
  if (!task.is_object() || !task.contains("files") || !task.at("files").is_object())
    throw std::invalid_argument("inline_task must be {\"level\": 1, \"category\": \"Custom\", \"name\": \"MyAdd\", "
                                "\"files\": {\"validation/module.py\": \"…\", …}}");
  if (!task.contains("level") || !task.at("level").is_number_integer() || task.at("level").get<int>() < 1 ||
      task.at("level").get<int>() > 3)
    throw std::invalid_argument("inline_task.level must be 1, 2 or 3");
  const int level = task.at("level").get<int>();
  const std::string category = StringOf(task, "category");
  const std::string name = StringOf(task, "name");
  bench::ContentHash hash;
  hash.Add("akgen-inline-task-v1").Add(std::to_string(level)).Add(category).Add(name);
  for (const auto& [path, text] : task.at("files").items()) {
    if (!IsTaskPath(path))
      throw std::invalid_argument("inline_task.files: " + nlohmann::json(path).dump() +
                                  " is not a task file; use validation/…, question/…, answer/… or api_desc.md");
    if (!text.is_string())
      throw std::invalid_argument("inline_task.files[" + nlohmann::json(path).dump() + "] must be the file's text");
    hash.Add(path).Add(text.get<std::string>());
  }
  const std::string suite = kInlinePrefix + hash.Hex();
  std::lock_guard lock(mutex_);
  if (suites_.contains(suite)) return suite;
  const std::filesystem::path root = inlineRoot_ / hash.Hex();
  const std::filesystem::path folder = root / ("level" + std::to_string(level)) / category / name;
  std::filesystem::remove_all(root);
  for (const auto& [path, text] : task.at("files").items()) craft::WriteTextFile(folder / path, text.get<std::string>());
  bench::TaskTree tree = bench::ReadTaskTree(root);
  std::string problems;
  for (const bench::TaskProblem& problem : tree.problems)
    if (problem.severity == bench::ProblemSeverity::Error) problems += " " + bench::ToString(problem);
  if (tree.tasks.size() != 1 || !problems.empty()) {
    std::filesystem::remove_all(root);
    throw std::invalid_argument("inline_task is not a task NPUKernelBench's reader accepts:" +
                                (problems.empty() ? std::string(" no task found") : problems));
  }
  suites_[suite] = std::move(tree);
  return suite;
}

void SuiteCatalog::Add(const std::string& name, const std::filesystem::path& root) {
  bench::TaskTree tree = bench::ReadTaskTree(std::filesystem::absolute(root));
  if (tree.tasks.empty())
    throw std::runtime_error("suite " + name + " (" + root.string() +
                             "): no task found; give the path of an NPUKernelBench tasks/ tree");
  std::lock_guard lock(mutex_);
  suites_[name] = std::move(tree);
}

std::vector<std::string> SuiteCatalog::Names() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> names;
  for (const auto& [name, tree] : suites_)
    if (!name.starts_with(kInlinePrefix)) names.push_back(name);
  return names;
}

const bench::TaskTree* SuiteCatalog::FindSuite(const std::string& name) const {
  std::lock_guard lock(mutex_);
  const auto found = suites_.find(name);
  return found == suites_.end() ? nullptr : &found->second;
}

const bench::Task* SuiteCatalog::FindTask(const std::string& suite, const std::string& task) const {
  const bench::TaskTree* tree = FindSuite(suite);
  if (!tree) return nullptr;
  if (const bench::Task* byKey = tree->Find(task)) return byKey;
  const bench::Task* byName = nullptr;
  for (const bench::Task& candidate : tree->tasks) {
    if (candidate.folderName != task) continue;
    if (byName) return nullptr;  // ambiguous: the key is needed
    byName = &candidate;
  }
  return byName;
}

}  // namespace akgen::serve
