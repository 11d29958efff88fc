// What a craft program needs, beyond its op, to be judged as a MultiKernelBench answer: the strings
// MultiKernelBench's six-string format carries around the op. python_bind_src exposes the op to
// Python as `custom_ops_lib.<kernel>`: it allocates the outputs as the program declares them and
// calls EXEC_NPU_CMD(aclnn<Op>, inputs..., attributes..., outputs...). model_src's ModelNew takes
// Model's constructor arguments and forward inputs as written in the task's file, keeps the
// constructor's values, and calls the op with the tensors and values the program names. The
// program names its inputs after forward's parameters and its attributes after the constructor's,
// which is what ties the two together; project_json_src describes the op for msopgen.
#pragma once
#include <string>

#include "bench/task/mkb_tree.h"
#include "craft/syntax/ast.h"

namespace akgen::craft::lower {

struct MkbGlue {
  std::string projectJson;
  std::string binding;
  std::string model;
  std::string problem;  // non-empty: the program's signature cannot serve the task's Model, and why
};

MkbGlue MkbGlueFor(const OpHeader& op, const std::string& kernelName, const bench::MkbModelSignature& model);

}  // namespace akgen::craft::lower
