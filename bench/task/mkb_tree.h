// Reads a MultiKernelBench tree as it is: `reference/<category>/<task>.py`, one KernelBench-style
// file per task (Model, module-level shapes, get_inputs, get_init_inputs), found the way its
// dataset.py finds them (`*/*.py`, names starting with `_` skipped). The folder is the category
// and the file's stem the task (`activation/leaky_relu`). A file with `get_input_groups()` (its
// `npukernelbench_level*` folders) reads its cases from the sibling `<task>.json`, one JSON object
// per line; each line is a case. Any other file is judged, as MultiKernelBench judges it, on five
// trials with fresh inputs: cases 0-4 (python/akgen_oracle/mkb_task.py makes them).
#pragma once
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "bench/task/shape_mode.h"
#include "bench/task/task_tree.h"

namespace akgen::bench {

inline constexpr int kMultiKernelBenchTrials = 5;  // its config.num_correct_trials

// A MultiKernelBench repository (holding `reference/`) or its `reference/` folder: no `level<N>`
// folder, and a subfolder holding a `.py` file.
bool IsMultiKernelBenchTree(const std::filesystem::path& root);

// root: the repository or its `reference/` folder (TaskTree::root is the latter).
TaskTree ReadMultiKernelBenchTree(const std::filesystem::path& root);

// MultiKernelBench judges a task on all its trials (or groups) together, as dynamic mode judges a
// task's cases: Dynamic for its trees, `requested` for any other.
ShapeMode JudgedShapeMode(const std::filesystem::path& suiteRoot, ShapeMode requested);

// How a task's Model is built and called, read from its file's text: the parameters of
// `Model.__init__` and `Model.forward` after `self`, each list as written (annotations and defaults
// kept, to be repeated by a generated ModelNew) and as names. Empty when the file defines no such
// method (no `__init__` takes nothing).
struct MkbModelSignature {
  std::string initParameters;  // `negative_slope: float = 0.01`
  std::vector<std::string> initNames;
  std::string forwardParameters;
  std::vector<std::string> forwardNames;
};
MkbModelSignature ReadMkbModelSignature(const std::string& moduleText);

// MultiKernelBench's underscore_to_pascalcase: each `_`-separated word capitalised, the rest of it
// lower-cased (`leaky_relu_custom` -> `LeakyReluCustom`, `l2_norm` -> `L2Norm`).
std::string MkbPascalCase(std::string_view underscored);

}  // namespace akgen::bench
