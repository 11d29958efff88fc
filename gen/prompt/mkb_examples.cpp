#include "gen/prompt/mkb_examples.h"

#include <cctype>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <vector>

#include "bench/common/content_hash.h"
#include "bench/task/mkb_six_strings.h"
#include "bench/task/task_tree.h"
#include "gen/prompt/prompt_template.h"

namespace akgen::gen {
namespace fs = std::filesystem;
namespace {

constexpr const char* kExamplesFolder = "mkb_examples";
// add_shot's example, and selected_shot's for a category without one of its own.
constexpr const char* kAddExample = "elementwise/add";

std::string ReadExampleFile(const fs::path& file) {
  if (!fs::is_regular_file(file))
    throw std::runtime_error(file.string() + ": missing; a MultiKernelBench example's answer folder holds "
                             "derivation.json, project.json, binding.cpp and model.py");
  return bench::ReadFileText(file);
}

// Each occurrence of `from` in `text` replaced; with `atWordStart`, only where a word starts with it.
std::string Replaced(std::string text, const std::string& from, const std::string& to, bool atWordStart) {
  const auto isWordCharacter = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
    if (atWordStart && at > 0 && isWordCharacter(text[at - 1])) {
      at += from.size();
      continue;
    }
    text.replace(at, from.size(), to);
    at += to.size();
  }
  return text;
}

MkbExample ExampleOf(const bench::Task& task, const fs::path& examplesDir) {
  return {task, MkbExampleAnswer(task, examplesDir)};
}

}  // namespace

std::string MkbExampleAnswer(const bench::Task& example, const fs::path& examplesDir) {
  const fs::path folder = examplesDir / "answers" / example.category / example.folderName;
  const fs::path derivationFile = folder / "derivation.json";
  const nlohmann::json derivation = nlohmann::json::parse(ReadExampleFile(derivationFile), nullptr, false);
  if (derivation.is_discarded() || !derivation.contains("answer_of") || !derivation.contains("title"))
    throw std::runtime_error(derivationFile.string() + ": not a JSON object with `title`, `answer_of` and `edits`");
  const bench::TaskTree suite = bench::ReadTaskTree(AKGEN_BUILTIN_SUITE_DIR);
  const std::string source = derivation["answer_of"].get<std::string>();
  const bench::Task* from = suite.Find(source);
  if (from == nullptr || !from->files.answer)
    throw std::runtime_error(derivationFile.string() + ": answer_of names " + source +
                             ", which is no built-in suite task with an answer");
  const fs::path answer = from->files.answer->directory;
  const nlohmann::json edits = derivation.value("edits", nlohmann::json::array());
  std::vector<bool> matched(edits.size(), false);
  const auto derived = [&](const fs::path& relative) {
    std::string text = Replaced(ReadExampleFile(answer / relative), from->opName, example.opName, false);
    text = Replaced(text, from->kernelName, example.kernelName, true);
    for (size_t i = 0; i < edits.size(); ++i) {
      const std::string before = edits[i].at(0).get<std::string>();
      if (text.find(before) == std::string::npos) continue;
      text = Replaced(text, before, edits[i].at(1).get<std::string>(), false);
      matched[i] = true;
    }
    return text;
  };
  bench::MkbSixStrings strings{ReadExampleFile(folder / "project.json"),
                               derived("op_host/" + from->kernelName + "_tiling.h"),
                               derived("op_host/" + from->kernelName + ".cpp"),
                               derived("op_kernel/" + from->kernelName + ".cpp"),
                               ReadExampleFile(folder / "binding.cpp"),
                               ReadExampleFile(folder / "model.py")};
  // Every edit must have changed one of the files: a suite answer that changed stops the example.
  for (size_t i = 0; i < edits.size(); ++i)
    if (!matched[i])
      throw std::runtime_error(derivationFile.string() + ": the edit of `" + edits[i].at(0).get<std::string>() +
                               "` matches nothing in " + source + "'s answer any more; update it");
  return bench::MkbSixStringFileText(strings, derivation["title"].get<std::string>() +
                                                  "\nAn example answer in MultiKernelBench's six-string form, made by "
                                                  "akgen from the built-in suite's " + from->opName + " answer.");
}


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
