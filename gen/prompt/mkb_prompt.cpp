#include "gen/prompt/mkb_prompt.h"

#include <map>

#include "gen/prompt/mkb_examples.h"
#include "gen/prompt/prompt_template.h"

namespace akgen::gen {

std::vector<ChatMessage> MkbTaskPrompt(const bench::Task& task, const PromptOptions& options) {
  const MkbExample example = MkbExampleFor(task, options.mkbStrategy, options.promptsDir);
  const std::map<std::string, std::string> values = {
      {"example_model", PromptFileText(example.model.files.module)},
      {"example_answer", example.answer},
      {"example_op_name", example.model.opName},
      {"example_kernel_name", example.model.kernelName},
      {"reference", PromptFileText(task.files.module)},
      {"op_name", task.opName},
      {"kernel_name", task.kernelName},
  };
  const PromptTemplate prompt = LoadPromptTemplate("mkb_six_strings.md", options.promptsDir);
  return {{"user", RenderPrompt(prompt, values)}};
}

}  // namespace akgen::gen
