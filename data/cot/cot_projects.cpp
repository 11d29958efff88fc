#include "data/cot/cot_projects.h"

#include "bench/common/content_hash.h"
#include "bench/task/candidate.h"
#include "data/cot/tiling_claims.h"
#include "data/runs/candidate_text.h"
#include "gen/prompt/task_prompt.h"

namespace akgen::data {
namespace {

namespace fs = std::filesystem;

std::map<std::string, std::string> AnswerFiles(const bench::Task& task) {
  const bench::Candidate answer = bench::AnswerCandidate(task);
  std::map<std::string, std::string> files;
  for (const std::vector<fs::path>* list : {&answer.hostFiles, &answer.kernelFiles})
    for (const fs::path& file : *list)
      files[fs::relative(file, answer.directory).generic_string()] = bench::ReadFileText(file);
  return files;
}

std::string TilingLines(const nlohmann::json& tiling) {
  std::string lines;
  for (const auto& [name, value] : tiling.items()) lines += "  " + name + " = " + value.dump() + "\n";
  return lines.empty() ? "  (none)\n" : lines;
}

}  // namespace

ProjectItems ProjectCotItems(const bench::TaskTree& tree, const std::vector<bench::ResultRecord>& records,
                             const gen::PromptTemplate& prompt, const std::string& hardware) {
  ProjectItems result;
  std::map<std::string, std::string> sourcesByTask;
  for (const bench::ResultRecord& record : records) {
    const bench::Task* task = tree.Find(record.task);
    const bench::TestCase* testCase = task ? task->FindCase(record.caseId) : nullptr;
    const nlohmann::json tiling = record.details.value("tiling", nlohmann::json());
    if (record.verdict != bench::Verdict::Pass || testCase == nullptr || !tiling.is_object() || !task->files.answer) {
      ++result.skipped;
      continue;
    }
    std::string& sources = sourcesByTask[task->Key()];
    if (sources.empty()) sources = CandidateText(AnswerFiles(*task), "full", task->kernelName);
    const uint32_t blockDim = record.details.value("block_dim", 0u);
    const std::string row = gen::CaseRowText(*task, *testCase);
    char simulated[32];
    std::snprintf(simulated, sizeof simulated, "%.2f", record.details.value("simulated_us", 0.0));
    const std::string content = gen::RenderPrompt(prompt, {{"op_name", task->opName},
                                                           {"hardware", hardware},
                                                           {"sources", sources},
                                                           {"case_row", row},
                                                           {"block_dim", std::to_string(blockDim)},
                                                           {"tiling", TilingLines(tiling)},
                                                           {"simulated_us", simulated},
                                                           {"bound", record.details.value("bound", std::string("?"))}});
    const std::string id = task->Key() + " case" + std::to_string(record.caseId);
    nlohmann::ordered_json source = {
        {"task", task->Key()},   {"case", record.caseId}, {"row", row},
        {"block_dim", blockDim}, {"tiling", tiling},      {"simulated_us", record.details.value("simulated_us", 0.0)}};
    result.items.push_back({id, {{"user", content}}, std::move(source)});
    gen::PromptOptions options;
    options.templateMode = bench::TemplateMode::Full;
    options.shapeMode = bench::ShapeMode::Static;
    options.caseId = record.caseId;
    result.targets[id] = {gen::TaskPrompt(*task, options), sources, blockDim, tiling};
  }
  return result;
}

CotJudgement JudgeProjectAnswer(const ProjectTarget& target, const gen::Choice& answer) {
  const TilingClaimCheck check = CheckTilingClaims(answer.answer, target.blockDim, target.tiling);
  if (!check.problems.empty()) {
    std::string reason;
    for (const std::string& problem : check.problems) reason += (reason.empty() ? "" : "; ") + problem;
    return reason;
  }
  return std::vector<nlohmann::ordered_json>{{{"kind", "cot-project"},
                                              {"messages", gen::MessagesJson(target.messages)},
                                              {"reasoning", answer.answer},
                                              {"answer", target.answer},
                                              {"check", {{"tiling_values_stated", check.stated}}}}};
}

}  // namespace akgen::data
