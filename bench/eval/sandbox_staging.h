// The sources an evaluation's sandboxed compiles read — a task's question/op_host template, its
// answer, a sample — made reachable by the sandbox users: whatever lies under a private folder is
// replaced by a staged copy (bench/sandbox/staged_copy.h). Run by a user other than root, the
// sandbox runs as that user and nothing is copied.
#pragma once
#include <sys/types.h>

#include <deque>
#include <filesystem>
#include <map>
#include <string>

#include "bench/task/candidate.h"
#include "bench/task/task.h"

namespace akgen::bench {

class SandboxStaging {
 public:
  // `root` must itself be reachable by `sandboxUid` (the cache folder, checked before evaluating).
  // `candidateRoot` (a pruned cache kind, e.g. CACHE/candidates) given: every candidate is copied
  // there, even where the sandbox reaches it, to a folder named by its content alone, so a candidate
  // seen before reuses its builds (keyed by its folder) whatever folder and sample it was written to.
  SandboxStaging(std::filesystem::path root, uid_t sandboxUid, bool needed, std::filesystem::path candidateRoot = {});

  // The task, or a copy whose question/op_host and answer folders are staged; the reference stays
  // valid for the lifetime of this object.
  const Task& Readable(const Task& task);
  Candidate Readable(Candidate candidate);

  // `text` (a compiler's or the simulator's message) with every staged copy's path replaced by the
  // path of the folder it copies, which is the one the user knows and edits. Safe to call from
  // several threads once the tasks and candidates are staged.
  std::string Unstaged(std::string text) const;

 private:
  std::filesystem::path Staged(const std::filesystem::path& directory);  // `directory` or its copy
  // A copy of `directory` below `root` (StagedCopy), whose path messages give back as `directory`.
  std::filesystem::path CopiedTo(const std::filesystem::path& directory, const std::filesystem::path& root,
                                 const std::string& name);

  std::filesystem::path root_;
  uid_t sandboxUid_;
  bool needed_;
  std::filesystem::path candidateRoot_;
  std::deque<Task> stagedTasks_;
  std::map<std::string, std::string> originals_;  // staged copy -> the folder it copies
};

}  // namespace akgen::bench
