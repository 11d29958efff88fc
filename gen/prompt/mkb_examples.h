// The one-shot examples of MultiKernelBench prompts: our own small KernelBench-style models, each
// with a six-string answer that passes the judge, kept as a MultiKernelBench tree of their own in
// gen/prompts/mkb_examples/ (`reference/<category>/<name>.py`). An example's answer is made from a
// built-in suite task's hand-written answer, so the two never drift apart:
// `answers/<category>/<name>/` holds derivation.json (`answer_of`, the suite task; `edits`, text
// replacements that turn its computation into the example's), and the example's own glue:
// project.json, binding.cpp (python_bind_src) and model.py (model_src). The suite answer's tiling
// header, host source and kernel are taken with the suite op's name replaced by the example's
// (`Swish` -> `ScaledSwishCustom`, and the kernel name where a word starts with it: `swish` ->
// `scaled_swish_custom`), then the edits are applied; each edit must match, so a changed suite
// answer stops the example instead of silently changing it.
//
// Two strategies choose the example, as MultiKernelBench's prompt generators do: `add_shot` shows
// the add example to every task; `selected_shot` shows the example of the task's own category
// (every one of the seven AscendCraft reports on has one, math, optimizer and pooling included,
// which MultiKernelBench's lacks), and the add example for a category without one.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

#include "bench/task/task.h"

namespace akgen::gen {

enum class MkbStrategy { AddShot, SelectedShot };

const char* ToString(MkbStrategy strategy);                          // `add_shot`, `selected_shot`
std::optional<MkbStrategy> ParseMkbStrategy(const std::string& text);

struct MkbExample {
  bench::Task model;   // the example's task: its category, op and kernel names, its model file
  std::string answer;  // its six-string answer, as a Python file
};

// The examples' tree inside the prompts folder.
std::filesystem::path MkbExamplesDirectory(const std::filesystem::path& promptsDir);

// The example shown to `task`. The examples come from `promptsDir`/mkb_examples when that folder
// exists (a --prompts folder may bring its own), else from the built-in prompts. Throws
// std::runtime_error naming the folder when the add example, or the tree, is missing.
MkbExample MkbExampleFor(const bench::Task& task, MkbStrategy strategy, const std::filesystem::path& promptsDir);

// The answer of the example `example` of the tree `examplesDir`, made from the built-in suite.
// Throws std::runtime_error naming the file for a missing file, or an edit that no longer matches.
std::string MkbExampleAnswer(const bench::Task& example, const std::filesystem::path& examplesDir);

}  // namespace akgen::gen
