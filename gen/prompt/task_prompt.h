// The first request for one task: NPUKernelBench's prompt (one user message, no system prompt) for
// the direct route in its two template modes, or the DSL route's prompt, built from the task's files
// and the templates in gen/prompts/ (or a --prompts folder). A MultiKernelBench task gets its own
// prompt on the direct route (gen/prompt/mkb_prompt.h).
#pragma once
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "bench/task/candidate.h"
#include "bench/task/shape_mode.h"
#include "bench/task/task.h"
#include "gen/client/completion.h"
#include "gen/prompt/mkb_examples.h"

namespace akgen::gen {

// Direct: the model writes AscendC. Dsl: the model writes a craft program, which craft compiles.
enum class Route { Direct, Dsl };

const char* ToString(Route route);  // `direct`, `dsl`

struct PromptOptions {
  Route route = Route::Direct;
  bench::TemplateMode templateMode = bench::TemplateMode::KernelOnly;  // the direct route's answer format
  bench::ShapeMode shapeMode = bench::ShapeMode::Static;
  int caseId = 0;                    // static mode: the case shown (and judged)
  std::filesystem::path promptsDir;  // templates that replace the built-in ones; empty: built-in only
  std::vector<const bench::Task*> examples;  // Dsl: tasks whose DSL solutions are shown (DslExamplesFor)
  // The benchmark the task comes from, set per task: a MultiKernelBench task on the direct route is
  // answered with six strings, and repaired in that form.
  bench::TaskFormat taskFormat = bench::TaskFormat::NpuKernelBench;
  MkbStrategy mkbStrategy = MkbStrategy::AddShot;  // MultiKernelBench tasks, direct route: the example shown
};

// Throws std::runtime_error for a template problem or an unreadable task file, and
// std::invalid_argument when static mode's case is not one of the task's.
std::vector<ChatMessage> TaskPrompt(const bench::Task& task, const PromptOptions& options);

// Up to `max` tasks of `suite` that have a DSL solution, the task's own category first (then its
// level, then the rest, each in key order); never the task itself.
std::vector<const bench::Task*> DslExamplesFor(const bench::Task& task, const std::vector<bench::Task>& suite,
                                               size_t max = 3);

// One case as `column=value` pairs (case_id left out), for messages about that case.
std::string CaseRowText(const bench::Task& task, const bench::TestCase& testCase);

// The template a follow-up turn is rendered from (repair_kernel_only.md, repair_full.md, repair_dsl.md,
// repair_mkb_six_strings.md).
std::string RepairTemplateName(const PromptOptions& options);

}  // namespace akgen::gen
