// A candidate solution for one task: sample <i> of a samples directory laid out as
// `<DIR>/level<N>/<Category>/<Op>/sample<i>/{op_kernel/…, op_host/…}`, or the task's own
// `answer/0/` as sample 0 (`--solutions answer`). A sample whose sources were to be generated (from a
// DSL program) and could not be holds `compile_error.txt` instead: the generator's diagnostics; a
// sample whose model response could not be parsed holds `parse_error.txt`, the reason.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "bench/task/task.h"

namespace akgen::bench {

// NPUKernelBench's `-template_mode`. Kernel-only candidates bring just the kernel, with tiling
// hard-coded in it, and are built with the task's question/op_host template; full candidates bring
// their own op_host (tiling header and host code).
enum class TemplateMode { KernelOnly, Full };

const char* ToString(TemplateMode mode);

struct Candidate {
  std::string taskKey;
  int sample = 0;
  std::filesystem::path directory;
  TemplateMode templateMode = TemplateMode::KernelOnly;  // Full when op_host/ holds any file
  std::vector<std::filesystem::path> hostFiles;          // every file below op_host/, sorted
  std::vector<std::filesystem::path> kernelFiles;        // every file below op_kernel/, sorted
  std::string problem;  // non-empty: the candidate cannot be built (a parse_error) and why
  std::string generatorLog;  // non-empty: generating its sources failed (a compile_error); compile_error.txt
};

inline constexpr const char* kGeneratorErrorFile = "compile_error.txt";
// A generated sample whose response held no usable source keeps the reason here (a parse_error).
inline constexpr const char* kParseErrorFile = "parse_error.txt";

// The `sample<i>` folders of `task` under `samplesRoot`, ordered by i. A task without a folder has
// no candidates.
std::vector<Candidate> SampleCandidates(const std::filesystem::path& samplesRoot, const Task& task);

// The task's answer/0 as sample 0 in full template mode; its `problem` says so when the task has
// no answer.
Candidate AnswerCandidate(const Task& task);

}  // namespace akgen::bench
