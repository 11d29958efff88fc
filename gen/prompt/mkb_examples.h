// The one-shot examples of MultiKernelBench prompts: our own small KernelBench-style models, each
// with a six-string answer that passes the judge, kept as a MultiKernelBench tree of their own in
// gen/prompts/mkb_examples/ (`reference/<category>/<name>.py`, `answers/<category>/<name>/sample0.py`),
// so `akgen eval gen/prompts/mkb_examples --solutions gen/prompts/mkb_examples/answers` checks them.
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
  bench::Task model;                // the example's task: its category, op and kernel names, its model file
  std::filesystem::path answer;     // its six-string answer
};

// The examples' tree inside the prompts folder.
std::filesystem::path MkbExamplesDirectory(const std::filesystem::path& promptsDir);

// The example shown to `task`. The examples come from `promptsDir`/mkb_examples when that folder
// exists (a --prompts folder may bring its own), else from the built-in prompts. Throws
// std::runtime_error naming the folder when the add example, or the tree, is missing.
MkbExample MkbExampleFor(const bench::Task& task, MkbStrategy strategy, const std::filesystem::path& promptsDir);

}  // namespace akgen::gen
