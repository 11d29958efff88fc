#include "data/hygiene/contamination.h"

#include <map>

#include "bench/common/content_hash.h"
#include "data/hygiene/code_tokens.h"

namespace akgen::data {
namespace {

std::vector<uint64_t> Ngrams(std::string_view text, size_t n) {
  const std::vector<std::string> tokens = CodeTokens(text);
  std::vector<uint64_t> grams;
  for (size_t i = 0; i + n <= tokens.size(); ++i) {
    bench::ContentHash gram;
    for (size_t j = i; j < i + n; ++j) gram.Add(tokens[j]);
    grams.push_back(gram.Value());
  }
  return grams;
}

}  // namespace

BenchmarkNgrams::BenchmarkNgrams(const std::vector<bench::Task>& tasks, size_t n) : n_(n) {
  for (const bench::Task& task : tasks) {
    std::vector<std::filesystem::path> files;
    for (const auto* file : {&task.files.apiDesc, &task.files.questionHost, &task.files.questionKernel})
      if (*file) files.push_back(**file);
    if (task.files.answer) {
      files.insert(files.end(), task.files.answer->hostFiles.begin(), task.files.answer->hostFiles.end());
      files.insert(files.end(), task.files.answer->kernelFiles.begin(), task.files.answer->kernelFiles.end());
    }
    const size_t index = tasks_.size();
    tasks_.push_back(task.Key());
    for (const std::filesystem::path& file : files)
      for (const uint64_t gram : Ngrams(bench::ReadFileText(file), n_)) {
        std::vector<uint32_t>& owners = owners_[gram];
        if (owners.empty() || owners.back() != index) owners.push_back(static_cast<uint32_t>(index));
      }
  }
}

Overlap BenchmarkNgrams::Of(std::string_view text) const {
  const std::vector<uint64_t> grams = Ngrams(text, n_);
  if (grams.empty()) return {};
  std::map<size_t, size_t> byTask;
  size_t found = 0;
  for (const uint64_t gram : grams) {
    const auto owners = owners_.find(gram);
    if (owners == owners_.end()) continue;
    ++found;
    for (const uint32_t task : owners->second) ++byTask[task];
  }
  Overlap overlap;
  overlap.share = static_cast<double>(found) / static_cast<double>(grams.size());
  size_t most = 0;
  for (const auto& [task, count] : byTask)
    if (count > most) {
      most = count;
      overlap.task = tasks_[task];
    }
  return overlap;
}

}  // namespace akgen::data
