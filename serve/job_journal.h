// The server's record of every job it accepted (SQLite, beside its work folders), so a job accepted
// is never lost: a job is queued when accepted, running while a batch judges it, done with its
// result or failed with the reason the harness could not judge it. A server that restarts puts the
// jobs it was running back in the queue; a job's result is written once, when it is done.
#pragma once
#include <sqlite3.h>

#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace akgen::serve {

enum class JobState { Queued, Running, Done, Failed };
const char* ToString(JobState state);

struct Job {
  std::string id;
  JobState state = JobState::Queued;
  nlohmann::ordered_json request;  // EvaluationRequest::ToJson()
  std::string batchSettings;  // EvaluationRequest::BatchSettings()
  nlohmann::ordered_json result;  // done: the judged result; failed: {"error": why}
  double acceptedAt = 0;  // seconds since the epoch
  double finishedAt = 0;
};

class JobJournal {
 public:
  // Opens or creates the journal; throws std::runtime_error naming the file when it cannot.
  explicit JobJournal(const std::filesystem::path& file);
  ~JobJournal();
  JobJournal(const JobJournal&) = delete;
  JobJournal& operator=(const JobJournal&) = delete;

  // Jobs that were running when the server stopped go back to the queue; returns how many.
  int RequeueRunning();

  void Accept(const std::string& id, const nlohmann::ordered_json& request, const std::string& batchSettings);
  // Marks up to `limit` of the oldest queued jobs that share the oldest job's settings running and
  // returns them, oldest first; none when the queue is empty.
  std::vector<Job> TakeBatch(int limit);
  void Finish(const std::string& id, JobState state, const nlohmann::ordered_json& result);
  std::optional<Job> Find(const std::string& id) const;
  int Count(JobState state) const;

 private:
  std::filesystem::path file_;
  sqlite3* database_ = nullptr;
  mutable std::mutex mutex_;
};

}  // namespace akgen::serve
