#include "bench/eval/sandbox_staging.h"

#include "bench/common/replace_all.h"
#include "bench/sandbox/staged_copy.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> Moved(std::vector<fs::path> files, const fs::path& from, const fs::path& to) {
  for (fs::path& file : files) file = to / fs::relative(file, from);
  return files;
}

}  // namespace

SandboxStaging::SandboxStaging(fs::path root, uid_t sandboxUid, bool needed, fs::path candidateRoot)
    : root_(std::move(root)), sandboxUid_(sandboxUid), needed_(needed), candidateRoot_(std::move(candidateRoot)) {}

fs::path SandboxStaging::Staged(const fs::path& directory) {
  if (!needed_ || !fs::exists(directory) || ReachableBy(directory, sandboxUid_)) return directory;
  return CopiedTo(directory, root_, "");
}

fs::path SandboxStaging::CopiedTo(const fs::path& directory, const fs::path& root, const std::string& name) {
  const fs::path copy = StagedCopy(directory, root, name);
  originals_.emplace(copy.string(), directory.string());
  return copy;
}

std::string SandboxStaging::Unstaged(std::string text) const {
  for (const auto& [copy, original] : originals_) ReplaceAll(text, copy, original);
  return text;
}

const Task& SandboxStaging::Readable(const Task& task) {
  Task staged = task;
  bool moved = false;
  if (task.files.questionHost) {
    const fs::path from = task.files.questionHost->parent_path();
    const fs::path to = Staged(from);
    staged.files.questionHost = to / task.files.questionHost->filename();
    moved = to != from;
  }
  if (task.files.answer) {
    AnswerFiles& answer = *staged.files.answer;
    const fs::path to = Staged(answer.directory);
    answer.hostFiles = Moved(answer.hostFiles, answer.directory, to);
    answer.kernelFiles = Moved(answer.kernelFiles, answer.directory, to);
    moved = moved || to != answer.directory;
    answer.directory = to;
  }
  if (!moved) return task;
  return stagedTasks_.emplace_back(std::move(staged));
}

Candidate SandboxStaging::Readable(Candidate candidate) {
  const fs::path to = !candidateRoot_.empty() && fs::exists(candidate.directory)
                         ? CopiedTo(candidate.directory, candidateRoot_, "candidate")
                         : Staged(candidate.directory);
  candidate.hostFiles = Moved(candidate.hostFiles, candidate.directory, to);
  candidate.kernelFiles = Moved(candidate.kernelFiles, candidate.directory, to);
  candidate.directory = to;
  return candidate;
}

}  // namespace akgen::bench
