#include "bench/results/results_file.h"

#include <fstream>
#include <map>
#include <sstream>

namespace akgen::bench {
namespace {

struct Line {
  int number = 0;
  std::uintmax_t offset = 0;
  std::string text;
};

std::vector<Line> NonEmptyLines(const std::string& content) {
  std::vector<Line> lines;
  size_t start = 0;
  for (int number = 1; start < content.size(); ++number) {
    size_t end = content.find('\n', start);
    if (end == std::string::npos) end = content.size();
    std::string text = content.substr(start, end - start);
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") != std::string::npos) lines.push_back({number, start, std::move(text)});
    start = end + 1;
  }
  return lines;
}

std::optional<ResultRecord> ParseLine(const Line& line, std::string& reason) {
  try {
    return RecordFromJson(nlohmann::json::parse(line.text));
  } catch (const std::exception& error) {
    reason = error.what();
    return std::nullopt;
  }
}

void Keep(ResultRecord record, std::map<RecordKey, size_t>& indexOf, std::vector<ResultRecord>& records) {
  const auto [position, inserted] = indexOf.emplace(record.Key(), records.size());
  if (inserted) {
    records.push_back(std::move(record));
  } else {
    records[position->second] = std::move(record);
  }
}

}  // namespace

LoadedResults LoadResults(const std::filesystem::path& file) {
  LoadedResults loaded;
  std::ifstream stream(file, std::ios::binary);
  if (!stream) return loaded;
  std::ostringstream buffer;
  buffer << stream.rdbuf();
  const std::string content = buffer.str();
  const std::vector<Line> lines = NonEmptyLines(content);
  std::map<RecordKey, size_t> indexOf;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string where = file.string() + ":" + std::to_string(lines[i].number);
    std::string reason;
    std::optional<ResultRecord> record = ParseLine(lines[i], reason);
    if (record) {
      Keep(std::move(*record), indexOf, loaded.records);
    } else if (i + 1 == lines.size()) {
      loaded.warnings.push_back(where + ": warning: ignoring an unfinished record (" + reason +
                                "), probably from a killed run; that sample and case will run again");
      loaded.unfinishedLineOffset = lines[i].offset;
    } else {
      throw ResultsFileError(where + ": not a result record (" + reason +
                             "); repair or delete this line, then rerun to redo what it recorded");
    }
  }
  loaded.endsWithoutNewline = !loaded.unfinishedLineOffset && !content.empty() && content.back() != '\n';
  return loaded;
}

}  // namespace akgen::bench
