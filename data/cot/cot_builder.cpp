#include "data/cot/cot_builder.h"

#include "bench/common/content_hash.h"
#include "data/records/jsonl_file.h"
#include "data/records/provenance.h"

namespace akgen::data {

namespace fs = std::filesystem;

CotOutcome RunCotBuilder(const std::string& name, const std::vector<CotItem>& items, const gen::PromptTemplate& prompt,
                         Teacher& teacher, const CotJudge& judge, const fs::path& outDir) {
  CotOutcome outcome;
  outcome.items = items.size();
  fs::create_directories(outDir);
  if (teacher.PromptsOnly()) {
    std::vector<nlohmann::ordered_json> lines;
    for (const CotItem& item : items)
      lines.push_back({{"id", item.id}, {"messages", gen::MessagesJson(item.prompt)}, {"source", item.source}});
    outcome.promptsOnly = true;
    outcome.file = outDir / (name + ".prompts.jsonl");
    WriteJsonLines(outcome.file, lines);
    return outcome;
  }
  std::vector<TeacherRequest> requests;
  for (const CotItem& item : items) requests.push_back({item.id, item.prompt});
  const std::vector<TeacherAnswer> answers = teacher.Ask(requests);
  nlohmann::ordered_json provenance;
  provenance["teacher"] = teacher.Model();
  provenance["template"] = prompt.name;
  provenance["template_hash"] = bench::ContentHash().Add(prompt.text).Hex();
  provenance["tool"] = ToolVersion();
  std::vector<nlohmann::ordered_json> records;
  std::vector<nlohmann::ordered_json> rejected;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!answers[i].choice) {
      ++outcome.unanswered;
      continue;
    }
    CotJudgement judgement = judge(items[i], *answers[i].choice);
    if (const std::string* reason = std::get_if<std::string>(&judgement)) {
      rejected.push_back({{"id", items[i].id},
                          {"reason", *reason},
                          {"answer", answers[i].choice->answer},
                          {"source", items[i].source},
                          {"provenance", provenance}});
      continue;
    }
    for (nlohmann::ordered_json& record : std::get<std::vector<nlohmann::ordered_json>>(judgement)) {
      record["source"] = items[i].source;
      record["provenance"] = provenance;
      records.push_back(std::move(record));
    }
  }
  outcome.records = records.size();
  outcome.rejected = rejected.size();
  outcome.file = outDir / (name + ".jsonl");
  WriteJsonLines(outcome.file, records);
  WriteJsonLines(outDir / (name + ".rejected.jsonl"), rejected);
  return outcome;
}

}  // namespace akgen::data
