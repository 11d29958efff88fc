// What every chain-of-thought builder does once it has its items: ask the teacher (data/teacher),
// check each answer, and write `OUT/<name>.jsonl` (the accepted records) and
// `OUT/<name>.rejected.jsonl` (each rejected answer with the reason). Without a route to a teacher
// it writes `OUT/<name>.prompts.jsonl` instead — the prompts, for any other tool to answer.
// Every record carries its provenance: the source, the teacher model, the prompt template (name and
// hash) and the tool's version.
#pragma once
#include <cstddef>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <variant>
#include <vector>

#include "data/teacher/teacher.h"
#include "gen/prompt/prompt_template.h"

namespace akgen::data {

struct CotItem {
  std::string id;                        // shown in progress lines and kept in records
  std::vector<gen::ChatMessage> prompt;  // the teacher's request
  nlohmann::ordered_json source;         // where the item comes from (file, heading, task, case …)
};

// Accepted records for one answer, or the reason it is rejected.
using CotJudgement = std::variant<std::vector<nlohmann::ordered_json>, std::string>;
using CotJudge = std::function<CotJudgement(const CotItem& item, const gen::Choice& answer)>;

struct CotOutcome {
  size_t items = 0;
  size_t records = 0;
  size_t rejected = 0;
  size_t unanswered = 0;  // emitted for a batch, or refused by the server
  bool promptsOnly = false;
  std::filesystem::path file;  // the file written
};

CotOutcome RunCotBuilder(const std::string& name, const std::vector<CotItem>& items, const gen::PromptTemplate& prompt,
                         Teacher& teacher, const CotJudge& judge, const std::filesystem::path& outDir);

}  // namespace akgen::data
