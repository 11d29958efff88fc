#include "gen/prompt/mkb_examples.h"

#include <stdexcept>

#include "bench/task/task_tree.h"
#include "gen/prompt/prompt_template.h"

namespace akgen::gen {
namespace fs = std::filesystem;
namespace {

constexpr const char* kExamplesFolder = "mkb_examples";
// add_shot's example, and selected_shot's for a category without one of its own.
constexpr const char* kAddExample = "elementwise/add";

MkbExample ExampleOf(const bench::Task& task, const fs::path& examplesDir) {
  const fs::path answer = examplesDir / "answers" / task.category / task.folderName / "sample0.py";
  if (!fs::is_regular_file(answer))
    throw std::runtime_error(answer.string() + ": the MultiKernelBench example " + task.Key() +
                             " has no answer; add its six-string answer there");
  return {task, answer};
}

}  // namespace

const char* ToString(MkbStrategy strategy) {
  return strategy == MkbStrategy::AddShot ? "add_shot" : "selected_shot";
}

std::optional<MkbStrategy> ParseMkbStrategy(const std::string& text) {
  if (text == "add_shot") return MkbStrategy::AddShot;
  if (text == "selected_shot") return MkbStrategy::SelectedShot;
  return std::nullopt;
}

fs::path MkbExamplesDirectory(const fs::path& promptsDir) {
  if (!promptsDir.empty() && fs::is_directory(promptsDir / kExamplesFolder)) return promptsDir / kExamplesFolder;
  return BuiltinPromptsDirectory() / kExamplesFolder;
}

MkbExample MkbExampleFor(const bench::Task& task, MkbStrategy strategy, const fs::path& promptsDir) {
  const fs::path examplesDir = MkbExamplesDirectory(promptsDir);
  const bench::TaskTree examples = bench::ReadTaskTree(examplesDir);
  if (strategy == MkbStrategy::SelectedShot)
    for (const bench::Task& example : examples.tasks)
      if (example.category == task.category) return ExampleOf(example, examplesDir);
  const bench::Task* add = examples.Find(kAddExample);
  if (add == nullptr)
    throw std::runtime_error((examplesDir / "reference" / kAddExample).string() +
                             ".py: the add example of MultiKernelBench prompts is missing");
  return ExampleOf(*add, examplesDir);
}

}  // namespace akgen::gen
