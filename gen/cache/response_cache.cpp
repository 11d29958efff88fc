#include "gen/cache/response_cache.h"

#include <sqlite3.h>

#include <stdexcept>

#include "bench/common/content_hash.h"
#include "gen/cache/sqlite_statement.h"

namespace akgen::gen {
namespace {

namespace fs = std::filesystem;

// Marks the file as ours (`PRAGMA application_id`, "akgc"), so another program's database is refused
// rather than written into.
constexpr int kApplicationId = 0x616b6763;
// A rerun waits this long for another process's write instead of failing.
constexpr int kBusyTimeoutMs = 60'000;
// Bump when CacheKeyFields changes meaning: old entries then simply stop matching.
constexpr int kKeyVersion = 1;

constexpr const char* kSchema = R"sql(
  CREATE TABLE IF NOT EXISTS responses (
    key TEXT PRIMARY KEY,
    answer TEXT NOT NULL,
    reasoning TEXT NOT NULL,
    finish_reason TEXT NOT NULL,
    prompt_tokens INTEGER NOT NULL,
    completion_tokens INTEGER NOT NULL,
    latency_seconds REAL NOT NULL,
    request TEXT,
    created TEXT NOT NULL
  ))sql";

constexpr const char* kSelect =
    "SELECT answer, reasoning, finish_reason, prompt_tokens, completion_tokens, latency_seconds FROM responses "
    "WHERE key = ?1";

constexpr const char* kReplace =
    "INSERT OR REPLACE INTO responses (key, answer, reasoning, finish_reason, prompt_tokens, completion_tokens, "
    "latency_seconds, request, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))";

// Preparing fails for a database that is not a response cache.
class Statement : public SqliteStatement {
 public:
  Statement(sqlite3* database, const char* sql, const fs::path& file)
      : SqliteStatement(database, sql, file.string() + ": not a response cache") {}
};

void Execute(sqlite3* database, const std::string& sql, const fs::path& file) {
  SqliteExecute(database, sql, file.string() + ": not a usable response cache");
}

int IntegerPragma(sqlite3* database, const char* sql, const fs::path& file) {
  Statement statement(database, sql, file);
  const int status = statement.Step();
  if (status != SQLITE_ROW && status != SQLITE_DONE)
    throw std::runtime_error(file.string() + ": not a response cache: " + sqlite3_errmsg(database));
  return status == SQLITE_ROW ? statement.Int(0) : 0;
}

// A fresh file becomes ours; a database of ours, or an unmarked one that already holds our table,
// is used; anything else is refused.
void ClaimFile(sqlite3* database, const fs::path& file) {
  const int applicationId = IntegerPragma(database, "PRAGMA application_id", file);
  if (applicationId == kApplicationId) return;
  const int objects = IntegerPragma(database, "SELECT count(*) FROM sqlite_master", file);
  const int ourTables =
      IntegerPragma(database, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'responses'", file);
  if (applicationId != 0 || (objects > 0 && ourTables == 0))
    throw std::runtime_error(file.string() + ": is another program's SQLite database, not a response cache");
  Execute(database, "PRAGMA application_id = " + std::to_string(kApplicationId), file);
}

}  // namespace

nlohmann::json CacheKeyFields(const CompletionRequest& request, int sample) {
  nlohmann::json messages = nlohmann::json::array();
  for (const ChatMessage& message : request.messages)
    messages.push_back({{"role", message.role}, {"content", message.content}});
  const SamplingParams& params = request.params;
  return {{"key_version", kKeyVersion},
          {"model", request.model},
          {"endpoint", ToString(request.endpoint)},
          {"messages", std::move(messages)},
          {"temperature", params.temperature},
          {"top_p", params.topP},
          {"max_tokens", params.maxTokens},
          {"seed", params.seed ? nlohmann::json(*params.seed) : nlohmann::json(nullptr)},
          {"stop", params.stop},
          {"sample", sample}};
}

// The repository's own stable hash (FNV-1a, 64 bit) of the fields' JSON, whose keys nlohmann sorts:
// a collision needs billions of entries.
std::string CacheKey(const CompletionRequest& request, int sample) {
  const std::string fields =
      CacheKeyFields(request, sample).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return bench::ContentHash().Add(fields).Hex();
}

ResponseCache::ResponseCache(const fs::path& file) : file_(file) {
  std::error_code error;
  if (file.has_parent_path()) fs::create_directories(file.parent_path(), error);
  if (error) throw std::runtime_error(file.string() + ": cannot create its folder: " + error.message());
  const int status = sqlite3_open_v2(file.c_str(), &database_,
                                     SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr);
  try {
    if (status != SQLITE_OK)
      throw std::runtime_error(file.string() + ": cannot open the response cache: " +
                               (database_ ? sqlite3_errmsg(database_) : sqlite3_errstr(status)));
    sqlite3_busy_timeout(database_, kBusyTimeoutMs);
    ClaimFile(database_, file);
    // WAL: readers never wait for the writer, and another process may append at the same time.
    // synchronous FULL: a stored response survives even a crash of the machine, for the price of a
    // sync per response, which takes far less than generating it.
    Execute(database_, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;", file);
    Execute(database_, kSchema, file);
    Statement check(database_, kSelect, file);  // a `responses` table of another shape is refused here
  } catch (...) {
    sqlite3_close(database_);
    throw;
  }
}

ResponseCache::~ResponseCache() { sqlite3_close(database_); }

std::optional<CachedChoice> ResponseCache::Find(const std::string& key) const {
  std::lock_guard lock(mutex_);
  Statement select(database_, kSelect, file_);
  select.Bind(1, key);
  const int status = select.Step();
  if (status == SQLITE_DONE) return std::nullopt;
  if (status != SQLITE_ROW)
    throw std::runtime_error(file_.string() + ": cannot read the response cache: " + sqlite3_errmsg(database_));
  CachedChoice cached;
  cached.choice = {select.Text(0), select.Text(1), select.Text(2)};
  cached.promptTokens = select.Int(3);
  cached.completionTokens = select.Int(4);
  cached.latencySeconds = select.Double(5);
  return cached;
}

void ResponseCache::Store(const std::string& key, const CachedChoice& cached, const nlohmann::json& request) {
  std::lock_guard lock(mutex_);
  Statement replace(database_, kReplace, file_);
  replace.Bind(1, key);
  replace.Bind(2, cached.choice.answer);
  replace.Bind(3, cached.choice.reasoning);
  replace.Bind(4, cached.choice.finishReason);
  replace.Bind(5, cached.promptTokens);
  replace.Bind(6, cached.completionTokens);
  replace.Bind(7, cached.latencySeconds);
  if (request.is_null())
    replace.BindNull(8);
  else
    replace.Bind(8, request.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
  if (replace.Step() != SQLITE_DONE)
    throw std::runtime_error(file_.string() + ": cannot write the response cache: " + sqlite3_errmsg(database_));
}

}  // namespace akgen::gen
