// Model responses kept on disk, one per (request, sample), so that a rerun, a resumed run or a change
// to the checking side never pays for the same generation twice. An SQLite file: safe for the
// threads of one process and for several processes, and readable with the sqlite3 shell
// (`SELECT key, created, request FROM responses`).
#pragma once
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "gen/client/completion.h"

struct sqlite3;

namespace akgen::gen {

struct CachedChoice {
  Choice choice;
  int promptTokens = 0;
  int completionTokens = 0;
  double latencySeconds = 0;
};

// What identifies a request's answer: model, endpoint, messages, the sampling parameters other than
// `n` and the sample index. A request sent with n = 4 answers samples 0..3, each cached on its own.
nlohmann::json CacheKeyFields(const CompletionRequest& request, int sample);

// A stable hash (hex) of CacheKeyFields: the same request and sample always give the same key,
// whatever `n` it was sent with.
std::string CacheKey(const CompletionRequest& request, int sample);

class ResponseCache {
 public:
  // Opens the file, creating it and its folder; throws std::runtime_error naming the file when it
  // cannot be opened or is some other database.
  explicit ResponseCache(const std::filesystem::path& file);
  ~ResponseCache();
  ResponseCache(const ResponseCache&) = delete;
  ResponseCache& operator=(const ResponseCache&) = delete;

  std::optional<CachedChoice> Find(const std::string& key) const;

  // Replaces the entry of `key`. Durable when it returns: a run killed right after keeps it.
  // `request` (CacheKeyFields) is kept beside the answer for people reading the cache.
  void Store(const std::string& key, const CachedChoice& choice, const nlohmann::json& request = nullptr);

  const std::filesystem::path& File() const { return file_; }

 private:
  std::filesystem::path file_;
  sqlite3* database_ = nullptr;
  mutable std::mutex mutex_;  // one connection, one statement at a time
};

}  // namespace akgen::gen
