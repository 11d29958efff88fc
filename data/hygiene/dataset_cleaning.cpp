#include "data/hygiene/dataset_cleaning.h"

#include <cstdio>
#include <set>

#include "bench/common/content_hash.h"
#include "data/hygiene/code_tokens.h"
#include "data/hygiene/minhash.h"
#include "data/records/dataset_files.h"
#include "data/records/jsonl_file.h"

namespace akgen::data {
namespace {

namespace fs = std::filesystem;

// What a trainer learns to produce: the answer, the fix or the chosen response.
const nlohmann::json* Target(const nlohmann::json& record) {
  for (const char* key : {"answer", "fixed", "chosen"}) {
    const auto found = record.find(key);
    if (found != record.end() && found->is_string()) return &*found;
  }
  return nullptr;
}

// Every text the record holds, in a fixed order.
std::string FullText(const nlohmann::json& record) {
  std::string text;
  for (const char* key : {"messages", "prompt"}) {
    const auto found = record.find(key);
    if (found != record.end() && found->is_array())
      for (const nlohmann::json& message : *found) text += message.value("content", std::string()) + "\n";
  }
  for (const char* key : {"reasoning", "answer", "fixed", "chosen", "rejected"}) {
    const auto found = record.find(key);
    if (found != record.end() && found->is_string()) text += found->get<std::string>() + "\n";
  }
  return text;
}

std::string Percent(double share) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f%%", 100 * share);
  return text;
}

}  // namespace

CleaningReport CleanDataset(const fs::path& dataDir, const BenchmarkNgrams* benchmark, const CleaningOptions& options) {
  CleaningReport report;
  std::vector<nlohmann::ordered_json> dropped;
  std::set<std::string> seen;
  NearDuplicateIndex nearDuplicates(options.nearDuplicate);
  std::vector<std::string> indexed;  // file:line of each record in the near-duplicate index
  for (const fs::path& file : DatasetFiles(dataDir)) {
    const std::string name = file.filename().string();
    std::vector<nlohmann::ordered_json> kept;
    for (const JsonLine& line : ReadJsonLines(file)) {
      nlohmann::ordered_json record = nlohmann::ordered_json::parse(line.value.dump());
      const std::string text = FullText(line.value);
      const nlohmann::json* target = Target(line.value);
      std::string reason;
      std::string kind;
      if (target && target->get<std::string>().size() < options.minTargetChars) {
        kind = "too short";
        reason = "its target has fewer than " + std::to_string(options.minTargetChars) + " characters";
      } else if (text.size() > options.maxChars) {
        kind = "too long";
        reason = "it has more than " + std::to_string(options.maxChars) + " characters";
      } else if (!seen.insert(bench::ContentHash().Add(NormalizedCode(text)).Hex()).second) {
        kind = "exact duplicate";
        reason = "an earlier record has the same text up to comments and layout";
      } else if (name.starts_with("cot-")) {
        if (const std::optional<size_t> earlier = nearDuplicates.FindOrAdd(MinHash(text))) {
          kind = "near duplicate";
          reason = "a near duplicate of " + indexed[*earlier];
        } else {
          indexed.push_back(name + ":" + std::to_string(line.line));
        }
      }
      if (reason.empty() && benchmark) {
        const Overlap overlap = benchmark->Of(text);
        if (overlap.share >= options.contamination) {
          if (options.flagOnly) {
            record["hygiene"]["contamination"] = {{"task", overlap.task}, {"share", overlap.share}};
            ++report.flagged;
          } else {
            kind = "contamination";
            reason = Percent(overlap.share) + " of its 13-grams are in the benchmark, most from " + overlap.task;
          }
        }
      }
      if (!reason.empty()) {
        ++report.reasons[kind];
        dropped.push_back({{"file", name}, {"line", line.line}, {"reason", reason}, {"record", std::move(record)}});
        continue;
      }
      kept.push_back(std::move(record));
    }
    report.kept[name] = kept.size();
    WriteJsonLines(file, kept);
  }
  // Earlier runs' drops stay: a record dropped once is not in the files any more.
  std::vector<nlohmann::ordered_json> all;
  if (fs::exists(dataDir / "dropped.jsonl"))
    for (const JsonLine& line : ReadJsonLines(dataDir / "dropped.jsonl"))
      all.push_back(nlohmann::ordered_json::parse(line.value.dump()));
  for (nlohmann::ordered_json& record : dropped) all.push_back(std::move(record));
  WriteJsonLines(dataDir / "dropped.jsonl", all);
  return report;
}

}  // namespace akgen::data
