// A prepared SQLite statement that finalises itself; preparing one that the database cannot run
// throws, with the caller's context (the file and what it was expected to be) first.
#pragma once
#include <sqlite3.h>

#include <filesystem>
#include <string>

namespace akgen::gen {

// Runs `sql` (statements without results); throws std::runtime_error "<context>: <SQLite's message>".
void SqliteExecute(sqlite3* database, const std::string& sql, const std::string& context);

// A database file of ours: the `PRAGMA application_id` that marks it, the table and schema it holds,
// a query that only a table of our shape answers, and what messages call it ("response cache").
struct OwnDatabaseKind {
  int applicationId = 0;
  const char* table = "";
  const char* schema = "";
  const char* probe = "";
  const char* what = "";
};

// Opens `file` as a database of `kind`, creating it and its folder when missing. WAL (readers never
// wait for the writer; other processes may write at the same time), synchronous FULL (a committed
// row survives a crash of the machine), a minute's wait for another writer. A database of ours, or
// an unmarked one that already holds our table, is used; any other is refused. Throws
// std::runtime_error naming the file. The caller closes the handle.
sqlite3* OpenOwnDatabase(const std::filesystem::path& file, const OwnDatabaseKind& kind);

class SqliteStatement {
 public:
  // Throws std::runtime_error "<context>: <SQLite's message>".
  SqliteStatement(sqlite3* database, const char* sql, const std::string& context);
  ~SqliteStatement() { sqlite3_finalize(statement_); }
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  void Bind(int index, const std::string& text) {
    sqlite3_bind_text(statement_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  }
  void Bind(int index, int value) { sqlite3_bind_int(statement_, index, value); }
  void Bind(int index, double value) { sqlite3_bind_double(statement_, index, value); }
  void BindNull(int index) { sqlite3_bind_null(statement_, index); }

  int Step() { return sqlite3_step(statement_); }
  void Reset() {
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
  }

  std::string Text(int column) const {
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
    return text ? std::string(text, static_cast<size_t>(sqlite3_column_bytes(statement_, column))) : "";
  }
  int Int(int column) const { return sqlite3_column_int(statement_, column); }
  double Double(int column) const { return sqlite3_column_double(statement_, column); }

 private:
  sqlite3_stmt* statement_ = nullptr;
};

}  // namespace akgen::gen
