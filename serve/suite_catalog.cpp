#include "serve/suite_catalog.h"

#include <stdexcept>

namespace akgen::serve {

void SuiteCatalog::Add(const std::string& name, const std::filesystem::path& root) {
  bench::TaskTree tree = bench::ReadTaskTree(std::filesystem::absolute(root));
  if (tree.tasks.empty())
    throw std::runtime_error("suite " + name + " (" + root.string() +
                             "): no task found; give the path of an NPUKernelBench tasks/ tree");
  suites_[name] = std::move(tree);
}

std::vector<std::string> SuiteCatalog::Names() const {
  std::vector<std::string> names;
  for (const auto& [name, tree] : suites_) names.push_back(name);
  return names;
}

const bench::TaskTree* SuiteCatalog::FindSuite(const std::string& name) const {
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
