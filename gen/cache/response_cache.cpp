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

ResponseCache::ResponseCache(const fs::path& file)
    : file_(file),
      database_(OpenOwnDatabase(file, {kApplicationId, "responses", kSchema, kSelect, "response cache"})) {}

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
