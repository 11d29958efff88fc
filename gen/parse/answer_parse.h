// Turns a model's response into the candidate files bench builds, in NPUKernelBench's answer formats
// (a `<kernel_impl>` block; three files under `=== path ===` headers) or our DSL's (one fenced
// program), tolerating the habits models have: fences of any kind, a closing fence or tag left out,
// decorated or prefixed headers, code written only while reasoning.
#pragma once
#include <filesystem>
#include <map>
#include <string>

#include "gen/client/completion.h"

namespace akgen::gen {

// KernelOnly: op_kernel/<k>.cpp inside `<kernel_impl>…</kernel_impl>`. Full: op_host/<k>_tiling.h,
// op_host/<k>.cpp and op_kernel/<k>.cpp, each under a `================== <path> ==================`
// header and in a fence. Dsl: one craft program (docs/dsl.md) in a fence.
enum class AnswerFormat { KernelOnly, Full, Dsl };

struct ParsedAnswer {
  // Relative paths: op_kernel/<k>.cpp, op_host/<k>.cpp, op_host/<k>_tiling.h, or <k>.craft for Dsl.
  std::map<std::filesystem::path, std::string> files;
  std::string problem;  // non-empty ⇔ no candidate: a parse_error, and why, in one sentence a model can act on
};

// The candidate files of `choice`. The answer is searched first; the reasoning only when the answer
// holds nothing usable. Never throws.
ParsedAnswer ParseAnswer(const Choice& choice, AnswerFormat format, const std::string& kernelName);

}  // namespace akgen::gen
