// A candidate solution for one task: sample <i> of a samples directory laid out as
// `<DIR>/level<N>/<Category>/<Op>/sample<i>/{op_kernel/…, op_host/…}`, or the task's own
// `answer/0/` as sample 0 (`--solutions answer`). A sample whose sources were to be generated (from a
// DSL program) and could not be holds `compile_error.txt` instead: the generator's diagnostics; a
// sample whose model response could not be parsed holds `parse_error.txt`, the reason.
#pragma once
#include <filesystem>
#include <optional>
#include <string_view>
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
  // MultiKernelBench (bench/eval/mkb_samples.h): the sample file as the user gave it, and its
  // python_bind_src and model_src unpacked beside op_host/ and op_kernel/ in `directory`.
  std::filesystem::path sampleFile = {};
  std::filesystem::path bindingFile = {};
  std::filesystem::path modelFile = {};
  // A direct-launch answer: its files are in `directory/sources`, and this one defines ModelNew.
  std::string directLaunchEntry = {};
};

inline constexpr const char* kGeneratorErrorFile = "compile_error.txt";
// A generated sample whose response held no usable source keeps the reason here (a parse_error).
inline constexpr const char* kParseErrorFile = "parse_error.txt";

// 7 for (`sample7`, `sample`) or (`run7`, `run`); nullopt unless the name is the prefix and digits.
std::optional<int> NumberAfter(std::string_view name, std::string_view prefix);

// The `sample<i>` folders of `task` under `samplesRoot`, ordered by i. A task without a folder has
// no candidates.
std::vector<Candidate> SampleCandidates(const std::filesystem::path& samplesRoot, const Task& task);

// The task's answer/0 as sample 0 in full template mode; its `problem` says so when the task has
// no answer.
Candidate AnswerCandidate(const Task& task);

}  // namespace akgen::bench
