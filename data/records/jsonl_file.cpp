#include "data/records/jsonl_file.h"

#include <fstream>
#include <stdexcept>
#include <string>

namespace akgen::data {

namespace fs = std::filesystem;

void WriteJsonLines(const fs::path& file, const std::vector<nlohmann::ordered_json>& records) {
  const fs::path partial = file.string() + ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    for (const nlohmann::ordered_json& record : records) out << record.dump() << '\n';
    out.flush();
    if (!out) throw std::runtime_error(partial.string() + ": cannot write (is the disk full?)");
  }
  fs::rename(partial, file);
}

std::vector<JsonLine> ReadJsonLines(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error(file.string() + ": cannot read");
  std::vector<JsonLine> records;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json record = nlohmann::json::parse(line, nullptr, false);
    if (!record.is_object())
      throw std::runtime_error(file.string() + ":" + std::to_string(number) +
                               ": not a JSON object; the file was edited or damaged, so build it again");
    records.push_back({number, std::move(record)});
  }
  return records;
}

}  // namespace akgen::data
