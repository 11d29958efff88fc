// MultiKernelBench's six-string answer (its `ascendc` backend), written as the Python file its judge
// reads: each string assigned as one literal holding its text unchanged, on as many lines as the
// text, so the line of a C++ line in the file is what #line directives and messages give
// (python/akgen_oracle/mkb_candidate.py reads it back with `ast`). akgen writes such files for the
// DSL route's samples and for the one-shot examples of its prompts.
#pragma once
#include <string>

namespace akgen::bench {

struct MkbSixStrings {
  std::string projectJson;   // project_json_src
  std::string hostTiling;    // host_tiling_src
  std::string hostOperator;  // host_operator_src
  std::string kernel;        // kernel_src
  std::string binding;       // python_bind_src
  std::string model;         // model_src
};

// `header` (lines, without `#`) becomes the file's opening comment.
std::string MkbSixStringFileText(const MkbSixStrings& strings, const std::string& header);

}  // namespace akgen::bench
