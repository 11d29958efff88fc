// The first request for a MultiKernelBench task on the direct route, built as MultiKernelBench's
// AscendC prompt is (in our own words, gen/prompts/mkb_six_strings.md): the role, an example model
// with its six-string answer (gen/prompt/mkb_examples.h), the names the answer must use, the task's
// whole reference file, and the request for the six strings.
#pragma once
#include <vector>

#include "bench/task/task.h"
#include "gen/client/completion.h"
#include "gen/prompt/task_prompt.h"

namespace akgen::gen {

// Throws std::runtime_error for a template problem or an unreadable example or task file.
std::vector<ChatMessage> MkbTaskPrompt(const bench::Task& task, const PromptOptions& options);

}  // namespace akgen::gen
