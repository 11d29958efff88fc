#include "bench/task/test_cases_csv.h"

#include <charconv>
#include <optional>

namespace akgen::bench {
namespace {

struct CsvField {
  std::string text;
  bool quoted = false;
};

struct CsvRecord {
  int line = 0;
  std::vector<CsvField> fields;
  bool IsBlank() const { return fields.size() == 1 && !fields[0].quoted && fields[0].text.empty(); }
};

std::string Trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return "";
  const auto last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

std::string Located(const std::string& path, int line, const std::string& message) {
  return path + ":" + std::to_string(line) + ": " + message;
}

// Splits the text into records of fields. Quotes follow RFC 4180 and may span lines; the line
// number of each record is where it starts.
class CsvTokenizer {
 public:
  CsvTokenizer(std::string_view text, const std::string& path) : text_(text), path_(path) {}

  std::vector<CsvRecord> Records(std::vector<std::string>& errors) {
    std::vector<CsvRecord> records;
    while (position_ < text_.size()) {
      CsvRecord record = NextRecord(errors);
      if (!record.IsBlank()) records.push_back(std::move(record));
    }
    return records;
  }

 private:
  CsvRecord NextRecord(std::vector<std::string>& errors) {
    CsvRecord record{line_, {}};
    CsvField field;
    std::string raw;
    bool inQuotes = false;
    while (position_ < text_.size()) {
      const char c = text_[position_++];
      if (inQuotes) {
        if (c == '\n') ++line_;
        if (c != '"') {
          field.text += c;
        } else if (Peek() == '"') {
          field.text += '"';
          ++position_;
        } else {
          inQuotes = false;
        }
      } else if (c == '"' && !field.quoted && Trim(raw).empty()) {
        field.quoted = inQuotes = true;
      } else if (c == ';') {
        record.fields.push_back(Finish(field, raw));
      } else if (c == '\n' || c == '\r') {
        if (c == '\r' && Peek() == '\n') ++position_;
        ++line_;
        break;
      } else if (field.quoted) {
        field.text += c;
      } else {
        raw += c;
      }
    }
    if (inQuotes) {
      errors.push_back(Located(path_, record.line, "a quoted field is never closed; add the closing '\"'"));
    }
    record.fields.push_back(Finish(field, raw));
    return record;
  }

  static CsvField Finish(CsvField& field, std::string& raw) {
    CsvField done = field.quoted ? field : CsvField{Trim(raw), false};
    field = {};
    raw.clear();
    return done;
  }

  char Peek() const { return position_ < text_.size() ? text_[position_] : '\0'; }

  std::string_view text_;
  const std::string& path_;
  size_t position_ = 0;
  int line_ = 1;
};

bool IsTrailingSeparator(const CsvField& field) { return !field.quoted && field.text.empty(); }

std::vector<std::string> HeaderColumns(CsvRecord header, const std::string& path, std::vector<std::string>& errors) {
  if (header.fields.size() > 1 && IsTrailingSeparator(header.fields.back())) header.fields.pop_back();
  std::vector<std::string> columns;
  for (size_t i = 0; i < header.fields.size(); ++i) {
    const std::string& name = header.fields[i].text;
    if (name.empty()) {
      errors.push_back(Located(path, header.line,
                               "column " + std::to_string(i + 1) + " has no name; name every column in the header"));
    }
    for (const std::string& earlier : columns) {
      if (!name.empty() && earlier == name) {
        errors.push_back(Located(path, header.line, "column `" + name + "` appears twice; rename one of them"));
      }
    }
    columns.push_back(name);
  }
  if (columns.front() != "case_id") {
    errors.push_back(
        Located(path, header.line,
                "the first column is `" + columns.front() + "`, expected `case_id`; start the header with `case_id;`"));
  }
  return columns;
}

std::optional<int> ParseCaseId(const std::string& text) {
  int id = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, id);
  if (error != std::errc() || stop != end || id < 0) return std::nullopt;
  return id;
}

class CaseTableBuilder {
 public:
  CaseTableBuilder(TestCaseTable& table, const std::string& path) : table_(table), path_(path) {}

  void Add(CsvRecord record) {
    const size_t expected = table_.columns.size();
    if (record.fields.size() == expected + 1 && IsTrailingSeparator(record.fields.back())) record.fields.pop_back();
    if (record.fields.size() != expected) {
      Error(record.line, "expected " + std::to_string(expected) + " fields separated by ';', found " +
                             std::to_string(record.fields.size()) + "; give every row one value per header column");
      return;
    }
    const std::optional<int> id = ParseCaseId(record.fields.front().text);
    if (!id) {
      Error(record.line, "case_id `" + record.fields.front().text +
                             "` is not a non-negative integer; number the cases 0, 1, 2, ...");
      return;
    }
    if (const TestCase* earlier = Find(*id)) {
      Error(record.line, "case_id " + std::to_string(*id) + " repeats line " + std::to_string(earlier->line) +
                             "; give each case its own id");
      return;
    }
    TestCase testCase{*id, record.line, {}, std::nullopt};
    for (size_t i = 0; i < expected; ++i) testCase.values[table_.columns[i]] = std::move(record.fields[i].text);
    table_.cases.push_back(std::move(testCase));
  }

 private:
  const TestCase* Find(int id) const {
    for (const TestCase& testCase : table_.cases) {
      if (testCase.id == id) return &testCase;
    }
    return nullptr;
  }

  void Error(int line, const std::string& message) { table_.errors.push_back(Located(path_, line, message)); }

  TestCaseTable& table_;
  const std::string& path_;
};

}  // namespace

TestCaseTable ParseTestCases(std::string_view text, const std::string& displayPath) {
  constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
  if (text.substr(0, kByteOrderMark.size()) == kByteOrderMark) text.remove_prefix(kByteOrderMark.size());

  TestCaseTable table;
  std::vector<CsvRecord> records = CsvTokenizer(text, displayPath).Records(table.errors);
  if (records.empty()) {
    table.errors.push_back(displayPath + ": the file is empty; write a header line starting with `case_id`");
    return table;
  }
  table.columns = HeaderColumns(records.front(), displayPath, table.errors);
  if (!table.errors.empty()) return table;  // rows cannot be judged against a broken header
  CaseTableBuilder builder(table, displayPath);
  for (size_t i = 1; i < records.size(); ++i) builder.Add(std::move(records[i]));
  if (records.size() == 1) {
    table.errors.push_back(displayPath + ": no cases below the header; add one row per case");
  }
  return table;
}

}  // namespace akgen::bench
