// The record files of a dataset folder, as the builders write them: corrections.jsonl, prefs.jsonl
// and the chain-of-thought builders' cot-<name>.jsonl. Side files (cot-docs.rejected.jsonl,
// cot-kernels.units.jsonl, dropped.jsonl …) are not records.
#pragma once
#include <filesystem>
#include <vector>

namespace akgen::data {

// Those present, in name order.
std::vector<std::filesystem::path> DatasetFiles(const std::filesystem::path& dataDir);

}  // namespace akgen::data
