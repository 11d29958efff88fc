#include "gen/cache/sqlite_statement.h"

#include <stdexcept>

namespace akgen::gen {

void SqliteExecute(sqlite3* database, const std::string& sql, const std::string& context) {
  char* error = nullptr;
  if (sqlite3_exec(database, sql.c_str(), nullptr, nullptr, &error) == SQLITE_OK) return;
  const std::string message = error ? error : sqlite3_errmsg(database);
  sqlite3_free(error);
  throw std::runtime_error(context + ": " + message);
}

SqliteStatement::SqliteStatement(sqlite3* database, const char* sql, const std::string& context) {
  if (sqlite3_prepare_v2(database, sql, -1, &statement_, nullptr) != SQLITE_OK) {
    const std::string message = sqlite3_errmsg(database);
    sqlite3_finalize(statement_);
    throw std::runtime_error(context + ": " + message);
  }
}

namespace {

// A rerun waits this long for another process's write instead of failing.
constexpr int kBusyTimeoutMs = 60'000;

int IntegerQuery(sqlite3* database, const char* sql, const std::string& context) {
  SqliteStatement statement(database, sql, context);
  const int status = statement.Step();
  if (status != SQLITE_ROW && status != SQLITE_DONE) throw std::runtime_error(context + ": " + sqlite3_errmsg(database));
  return status == SQLITE_ROW ? statement.Int(0) : 0;
}

// A fresh file becomes ours; a database of ours, or an unmarked one that already holds our table,
// is used; anything else is refused.
void ClaimFile(sqlite3* database, const std::filesystem::path& file, const OwnDatabaseKind& kind) {
  const std::string context = file.string() + ": not a " + kind.what;
  const int applicationId = IntegerQuery(database, "PRAGMA application_id", context);
  if (applicationId == kind.applicationId) return;
  const int objects = IntegerQuery(database, "SELECT count(*) FROM sqlite_master", context);
  const std::string ourTable =
      std::string("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '") + kind.table + "'";
  const int ourTables = IntegerQuery(database, ourTable.c_str(), context);
  if (applicationId != 0 || (objects > 0 && ourTables == 0))
    throw std::runtime_error(file.string() + ": is another program's SQLite database, not a " + kind.what);
  SqliteExecute(database, "PRAGMA application_id = " + std::to_string(kind.applicationId),
                file.string() + ": not a usable " + kind.what);
}

}  // namespace

sqlite3* OpenOwnDatabase(const std::filesystem::path& file, const OwnDatabaseKind& kind) {
  std::error_code error;
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), error);
  if (error) throw std::runtime_error(file.string() + ": cannot create its folder: " + error.message());
  sqlite3* database = nullptr;
  const int status = sqlite3_open_v2(file.c_str(), &database,
                                     SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr);
  try {
    if (status != SQLITE_OK)
      throw std::runtime_error(file.string() + ": cannot open the " + kind.what + ": " +
                               (database ? sqlite3_errmsg(database) : sqlite3_errstr(status)));
    sqlite3_busy_timeout(database, kBusyTimeoutMs);
    ClaimFile(database, file, kind);
    const std::string usable = file.string() + ": not a usable " + kind.what;
    SqliteExecute(database, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;", usable);
    SqliteExecute(database, kind.schema, usable);
    SqliteStatement probe(database, kind.probe, file.string() + ": not a " + kind.what);  // another shape is refused
  } catch (...) {
    sqlite3_close(database);
    throw;
  }
  return database;
}

}  // namespace akgen::gen
