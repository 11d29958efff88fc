// Dataset files: one JSON object per line. A builder writes its whole file at once, to a temporary
// name renamed into place, so a killed command leaves the previous file or the new one, never half.
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>
#include <vector>

namespace akgen::data {

void WriteJsonLines(const std::filesystem::path& file, const std::vector<nlohmann::ordered_json>& records);

struct JsonLine {
  int line = 0;  // 1-based, for messages about the record
  nlohmann::json value;
};

// Blank lines are skipped. Throws std::runtime_error naming the file and line of a line that is not
// a JSON object.
std::vector<JsonLine> ReadJsonLines(const std::filesystem::path& file);

}  // namespace akgen::data
