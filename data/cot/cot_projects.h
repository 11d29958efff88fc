// `akgen data cot-projects`: project-level chain of thought (the AscendKernelGen paper, §4.1.2),
// with every number checked. Each task's answer is judged on every case by the harness (a resumable
// `akgen eval` into OUT/answers), which records what the host tiling really computed for the case
// (`details.tiling`, the block count) and the simulated time. For each passing case the teacher is
// given the sources, the case and those values (gen/prompts/cot_projects.md) and asked to explain
// the tiling and the pipeline; a trace whose tiling values disagree with the recorded ones is
// rejected (tiling_claims.h). An accepted trace becomes the reasoning of an SFT example: the
// task's prompt for that case, answered by the task's answer.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "bench/results/result_record.h"
#include "bench/task/task_tree.h"
#include "data/cot/cot_builder.h"

namespace akgen::data {

// What an accepted trace is attached to, and what it is checked against.
struct ProjectTarget {
  std::vector<gen::ChatMessage> messages;  // the task's prompt for the case (full template, static)
  std::string answer;                      // the task's answer in the full answer format
  uint32_t blockDim = 0;
  nlohmann::json tiling;  // the recorded tiling fields
};

struct ProjectItems {
  std::vector<CotItem> items;
  std::map<std::string, ProjectTarget> targets;  // by item id
  size_t skipped = 0;                            // cases whose answer did not pass, or whose tiling is unknown
};

// From the records of the answers' evaluation (dynamic mode, every case).
ProjectItems ProjectCotItems(const bench::TaskTree& tree, const std::vector<bench::ResultRecord>& records,
                             const gen::PromptTemplate& prompt, const std::string& hardware);

// {"kind": "cot-project", "task", "case", "messages", "reasoning" (the trace), "answer", "check"}.
CotJudgement JudgeProjectAnswer(const ProjectTarget& target, const gen::Choice& answer);

}  // namespace akgen::data
