#include "data/docs/doc_index.h"

#include <stdexcept>

#include "gen/cache/sqlite_statement.h"

namespace akgen::data {
namespace {

namespace fs = std::filesystem;

// The heading counts ten times the body in the BM25 rank (FTS5's bm25() weights, one per column).
constexpr const char* kLookup =
    "SELECT file, line, heading, heading_path, text FROM sections WHERE sections MATCH ?1 "
    "ORDER BY bm25(sections, 0, 0, 10.0, 2.0, 1.0) LIMIT 1";

void Execute(sqlite3* database, const std::string& sql, const fs::path& file) {
  gen::SqliteExecute(database, sql, file.string() + ": cannot build the documentation index");
}

// An FTS5 phrase: double quotes doubled inside.
std::string Phrase(const std::string& text) {
  std::string phrase = "\"";
  for (char c : text) phrase += c == '"' ? std::string("\"\"") : std::string(1, c);
  return phrase + "\"";
}

}  // namespace

DocIndex::DocIndex(const fs::path& databaseFile, const std::vector<DocSection>& sections) : file_(databaseFile) {
  if (sqlite3_open(databaseFile.c_str(), &database_) != SQLITE_OK) {
    const std::string message = sqlite3_errmsg(database_);
    sqlite3_close(database_);
    throw std::runtime_error(databaseFile.string() + ": cannot open: " + message);
  }
  Execute(database_, "DROP TABLE IF EXISTS sections", file_);
  Execute(database_,
          "CREATE VIRTUAL TABLE sections USING fts5(file UNINDEXED, line UNINDEXED, heading, heading_path, text)",
          file_);
  Execute(database_, "BEGIN", file_);
  gen::SqliteStatement insert(database_, "INSERT INTO sections VALUES (?1, ?2, ?3, ?4, ?5)",
                              file_.string() + ": cannot build the documentation index");
  for (const DocSection& section : sections) {
    insert.Bind(1, section.file.string());
    insert.Bind(2, section.line);
    insert.Bind(3, section.heading);
    insert.Bind(4, section.headingPath);
    insert.Bind(5, section.text);
    if (insert.Step() != SQLITE_DONE)
      throw std::runtime_error(file_.string() + ": cannot index " + section.file.string() + ": " +
                               sqlite3_errmsg(database_));
    insert.Reset();
  }
  Execute(database_, "COMMIT", file_);
  size_ = sections.size();
}

DocIndex::~DocIndex() { sqlite3_close(database_); }

std::optional<DocSection> DocIndex::Lookup(const std::vector<std::string>& names) const {
  for (const std::string& name : names) {
    for (const std::string& query : {"heading : " + Phrase(name), Phrase(name)}) {
      gen::SqliteStatement select(database_, kLookup, file_.string() + ": cannot search the documentation index");
      select.Bind(1, query);
      if (select.Step() != SQLITE_ROW) continue;
      return DocSection{select.Text(0), select.Int(1), select.Text(2), select.Text(3), select.Text(4)};
    }
  }
  return std::nullopt;
}

}  // namespace akgen::data
