// `akgen data export`: a dataset folder (corrections.jsonl, prefs.jsonl, the chain-of-thought
// builders' cot-*.jsonl) rewritten for a trainer. SFT examples are the corrections with a fix and
// every chain-of-thought record; preference pairs come from prefs.jsonl.
//  - llamafactory: akgen_sft.json (sharegpt), akgen_dpo.json (sharegpt with chosen/rejected) and
//    dataset_info.json naming them `akgen_sft` and `akgen_dpo` (ranking) for LLaMA-Factory;
//  - trl: sft.jsonl (`messages`) and prefs.jsonl (conversational `prompt`/`chosen`/`rejected`);
//  - openai: sft.jsonl (chat fine-tuning `messages`) and dpo.jsonl (preference fine-tuning: `input`,
//    `preferred_output`, `non_preferred_output`).
// SFT targets carry the reasoning as Qwen3 writes it, `<think>\n…\n</think>\n\n` before the answer,
// for LLaMA-Factory and TRL; OpenAI's format has no place for it, so it is left out there. A
// correction without a fix is no SFT example and is skipped.
#pragma once
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace akgen::data {

enum class ExportFormat { LlamaFactory, Trl, OpenAi };

std::optional<ExportFormat> ParseExportFormat(std::string_view text);  // llamafactory, trl, openai

struct ExportSummary {
  size_t sftExamples = 0;
  size_t preferencePairs = 0;
  size_t skipped = 0;  // corrections without a fix
  std::vector<std::filesystem::path> files;
};

// Throws std::runtime_error naming the file (and line) when `dataDir` holds no dataset file or a
// record lacks a field the export needs.
ExportSummary ExportDataset(const std::filesystem::path& dataDir, ExportFormat format,
                            const std::filesystem::path& outDir);

}  // namespace akgen::data
