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

}  // namespace akgen::gen
