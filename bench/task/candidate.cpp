#include "bench/task/candidate.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iterator>
#include <optional>

#include "bench/task/directory_listing.h"

namespace akgen::bench {
namespace fs = std::filesystem;
namespace {

Candidate WithFiles(const std::string& taskKey, int sample, const fs::path& directory, std::vector<fs::path> hostFiles,
                    std::vector<fs::path> kernelFiles) {
  Candidate candidate{
      taskKey, sample, directory, TemplateMode::KernelOnly, std::move(hostFiles), std::move(kernelFiles), "", ""};
  if (!candidate.hostFiles.empty()) candidate.templateMode = TemplateMode::Full;
  if (std::ifstream reason(directory / kParseErrorFile); reason) {
    candidate.problem.assign(std::istreambuf_iterator<char>(reason), std::istreambuf_iterator<char>());
    if (candidate.problem.empty()) candidate.problem = (directory / kParseErrorFile).string() + " is empty";
  } else if (std::ifstream log(directory / kGeneratorErrorFile); log) {
    candidate.generatorLog.assign(std::istreambuf_iterator<char>(log), std::istreambuf_iterator<char>());
    if (candidate.generatorLog.empty()) candidate.generatorLog = (directory / kGeneratorErrorFile).string() + " is empty";
  } else if (candidate.kernelFiles.empty()) {
    candidate.problem = (directory / "op_kernel").string() + ": no kernel source; put the kernel in op_kernel/";
  }
  return candidate;
}

}  // namespace

std::optional<int> NumberAfter(std::string_view name, std::string_view prefix) {
  if (name.substr(0, prefix.size()) != prefix) return std::nullopt;
  const std::string_view digits = name.substr(prefix.size());
  int number = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  if (digits.empty() || error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return number;
}

const char* ToString(TemplateMode mode) { return mode == TemplateMode::Full ? "full" : "kernel_only"; }

std::vector<Candidate> SampleCandidates(const fs::path& samplesRoot, const Task& task) {
  std::vector<Candidate> candidates;
  std::error_code error;
  const fs::path taskDirectory = samplesRoot / task.Key();
  for (const fs::directory_entry& entry : fs::directory_iterator(taskDirectory, error)) {
    const std::optional<int> sample = NumberAfter(entry.path().filename().string(), "sample");
    if (entry.is_directory() && sample) {
      candidates.push_back(WithFiles(task.Key(), *sample, entry.path(), FilesBelow(entry.path() / "op_host"),
                                     FilesBelow(entry.path() / "op_kernel")));
    }
  }
  std::sort(candidates.begin(), candidates.end(),
            [](const Candidate& a, const Candidate& b) { return a.sample < b.sample; });
  return candidates;
}

Candidate AnswerCandidate(const Task& task) {
  const fs::path directory = task.directory / "answer" / "0";
  if (!task.files.answer) {
    Candidate missing{task.Key(), 0, directory, TemplateMode::Full, {}, {}, "", ""};
    missing.problem = directory.string() + ": the task has no answer; provide answer/0 or evaluate samples";
    return missing;
  }
  const AnswerFiles& answer = *task.files.answer;
  Candidate candidate = WithFiles(task.Key(), 0, answer.directory, answer.hostFiles, answer.kernelFiles);
  candidate.templateMode = TemplateMode::Full;
  return candidate;
}

}  // namespace akgen::bench
