#include "data/export/training_export.h"

#include <algorithm>
#include <stdexcept>

#include "bench/runner/runner_protocol.h"
#include "data/records/dataset_files.h"
#include "data/records/jsonl_file.h"
#include "gen/client/completion.h"

namespace akgen::data {
namespace {

namespace fs = std::filesystem;
using Messages = std::vector<gen::ChatMessage>;

struct SftExample {
  Messages messages;  // ends with the user's turn
  std::string answer;
  std::string reasoning;
};

struct PairExample {
  Messages prompt;
  std::string chosen;
  std::string rejected;
};

struct Dataset {
  std::vector<SftExample> sft;
  std::vector<PairExample> pairs;
  size_t skipped = 0;
};

template <typename T>
T Field(const JsonLine& record, const char* key, const fs::path& file) {
  try {
    return record.value.at(key).get<T>();
  } catch (const std::exception& error) {
    throw std::runtime_error(file.string() + ":" + std::to_string(record.line) + ": `" + key +
                             "` is missing or malformed (" + error.what() +
                             "); build the file again with `akgen data`");
  }
}

Messages MessagesField(const JsonLine& record, const char* key, const fs::path& file) {
  Messages messages;
  for (const nlohmann::json& message : Field<nlohmann::json>(record, key, file)) {
    if (!message.is_object() || !message.contains("role") || !message.contains("content"))
      throw std::runtime_error(file.string() + ":" + std::to_string(record.line) + ": `" + key +
                               "` holds a message without role and content");
    messages.push_back({message["role"].get<std::string>(), message["content"].get<std::string>()});
  }
  return messages;
}

Dataset ReadDataset(const fs::path& dataDir) {
  Dataset dataset;
  const fs::path corrections = dataDir / "corrections.jsonl";
  const fs::path prefs = dataDir / "prefs.jsonl";
  std::vector<fs::path> chains = DatasetFiles(dataDir);
  std::erase_if(chains, [](const fs::path& file) { return !file.filename().string().starts_with("cot-"); });
  if (!fs::exists(corrections) && !fs::exists(prefs) && chains.empty())
    throw std::runtime_error(dataDir.string() +
                             ": holds no dataset file (corrections.jsonl, prefs.jsonl, cot-*.jsonl); make them with "
                             "`akgen data corrections RUN_DIR --out " +
                             dataDir.string() + "`, `akgen data prefs RUN_DIR --out " + dataDir.string() +
                             "` or an `akgen data cot-…` builder");
  for (const fs::path& file : chains)
    for (const JsonLine& record : ReadJsonLines(file))
      dataset.sft.push_back({MessagesField(record, "messages", file), Field<std::string>(record, "answer", file),
                             Field<std::string>(record, "reasoning", file)});
  if (fs::exists(corrections))
    for (const JsonLine& record : ReadJsonLines(corrections)) {
      if (record.value.value("fixed", nlohmann::json()).is_null()) {
        ++dataset.skipped;
        continue;
      }
      dataset.sft.push_back({MessagesField(record, "messages", corrections),
                             Field<std::string>(record, "fixed", corrections),
                             Field<std::string>(record, "fixed_reasoning", corrections)});
    }
  if (fs::exists(prefs))
    for (const JsonLine& record : ReadJsonLines(prefs))
      dataset.pairs.push_back({MessagesField(record, "prompt", prefs), Field<std::string>(record, "chosen", prefs),
                               Field<std::string>(record, "rejected", prefs)});
  return dataset;
}

std::string WithThinking(const SftExample& example) {
  if (example.reasoning.empty()) return example.answer;
  return "<think>\n" + example.reasoning + "\n</think>\n\n" + example.answer;
}

nlohmann::ordered_json Assistant(const std::string& content) {
  return nlohmann::ordered_json::array({{{"role", "assistant"}, {"content", content}}});
}

// sharegpt: the system message apart, the turns as human/gpt.
nlohmann::ordered_json ShareGpt(const Messages& messages) {
  nlohmann::ordered_json item;
  nlohmann::ordered_json conversations = nlohmann::ordered_json::array();
  for (const gen::ChatMessage& message : messages) {
    if (message.role == "system") {
      item["system"] = message.content;
      continue;
    }
    conversations.push_back({{"from", message.role == "assistant" ? "gpt" : "human"}, {"value", message.content}});
  }
  item["conversations"] = conversations;
  return item;
}

void WriteJsonArray(const fs::path& file, const std::vector<nlohmann::ordered_json>& items) {
  bench::StoreJsonAtomically(file, nlohmann::ordered_json(items));
}

void ExportLlamaFactory(const Dataset& dataset, const fs::path& outDir, ExportSummary& summary) {
  nlohmann::ordered_json info = nlohmann::ordered_json::object();
  if (!dataset.sft.empty()) {
    std::vector<nlohmann::ordered_json> items;
    for (const SftExample& example : dataset.sft) {
      nlohmann::ordered_json item = ShareGpt(example.messages);
      item["conversations"].push_back({{"from", "gpt"}, {"value", WithThinking(example)}});
      items.push_back(std::move(item));
    }
    WriteJsonArray(outDir / "akgen_sft.json", items);
    summary.files.push_back(outDir / "akgen_sft.json");
    info["akgen_sft"] = {{"file_name", "akgen_sft.json"},
                         {"formatting", "sharegpt"},
                         {"columns", {{"messages", "conversations"}, {"system", "system"}}}};
  }
  if (!dataset.pairs.empty()) {
    std::vector<nlohmann::ordered_json> items;
    for (const PairExample& pair : dataset.pairs) {
      nlohmann::ordered_json item = ShareGpt(pair.prompt);
      item["chosen"] = {{"from", "gpt"}, {"value", pair.chosen}};
      item["rejected"] = {{"from", "gpt"}, {"value", pair.rejected}};
      items.push_back(std::move(item));
    }
    WriteJsonArray(outDir / "akgen_dpo.json", items);
    summary.files.push_back(outDir / "akgen_dpo.json");
    info["akgen_dpo"] = {
        {"file_name", "akgen_dpo.json"},
        {"formatting", "sharegpt"},
        {"ranking", true},
        {"columns",
         {{"messages", "conversations"}, {"system", "system"}, {"chosen", "chosen"}, {"rejected", "rejected"}}}};
  }
  bench::StoreJsonAtomically(outDir / "dataset_info.json", info);
  summary.files.push_back(outDir / "dataset_info.json");
}

void ExportJsonLines(const Dataset& dataset, ExportFormat format, const fs::path& outDir, ExportSummary& summary) {
  if (!dataset.sft.empty()) {
    std::vector<nlohmann::ordered_json> lines;
    for (const SftExample& example : dataset.sft) {
      Messages messages = example.messages;
      messages.push_back({"assistant", format == ExportFormat::Trl ? WithThinking(example) : example.answer});
      lines.push_back({{"messages", gen::MessagesJson(messages)}});
    }
    WriteJsonLines(outDir / "sft.jsonl", lines);
    summary.files.push_back(outDir / "sft.jsonl");
  }
  if (!dataset.pairs.empty()) {
    std::vector<nlohmann::ordered_json> lines;
    for (const PairExample& pair : dataset.pairs) {
      if (format == ExportFormat::Trl)
        lines.push_back({{"prompt", gen::MessagesJson(pair.prompt)},
                         {"chosen", Assistant(pair.chosen)},
                         {"rejected", Assistant(pair.rejected)}});
      else
        lines.push_back({{"input", {{"messages", gen::MessagesJson(pair.prompt)}}},
                         {"preferred_output", Assistant(pair.chosen)},
                         {"non_preferred_output", Assistant(pair.rejected)}});
    }
    const fs::path file = outDir / (format == ExportFormat::Trl ? "prefs.jsonl" : "dpo.jsonl");
    WriteJsonLines(file, lines);
    summary.files.push_back(file);
  }
}

}  // namespace

std::optional<ExportFormat> ParseExportFormat(std::string_view text) {
  if (text == "llamafactory") return ExportFormat::LlamaFactory;
  if (text == "trl") return ExportFormat::Trl;
  if (text == "openai") return ExportFormat::OpenAi;
  return std::nullopt;
}

ExportSummary ExportDataset(const fs::path& dataDir, ExportFormat format, const fs::path& outDir) {
  const Dataset dataset = ReadDataset(dataDir);
  ExportSummary summary;
  summary.sftExamples = dataset.sft.size();
  summary.preferencePairs = dataset.pairs.size();
  summary.skipped = dataset.skipped;
  fs::create_directories(outDir);
  if (format == ExportFormat::LlamaFactory)
    ExportLlamaFactory(dataset, outDir, summary);
  else
    ExportJsonLines(dataset, format, outDir, summary);
  return summary;
}

}  // namespace akgen::data
