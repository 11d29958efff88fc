// The embedded job queue (job_queue.h): the server's record of every job it accepted, in SQLite
// beside its work folders. A job is queued when accepted, running while a batch judges it, done
// with its result or failed with the reason the harness could not judge it. A server that restarts
// puts the jobs it was running back in the queue (RequeueRunning): its worker died with it.
#pragma once
#include <sqlite3.h>

#include <filesystem>
#include <mutex>

#include "serve/job_queue.h"

namespace akgen::serve {

class JobJournal : public JobQueue {
 public:
  // Opens or creates the journal; throws std::runtime_error naming the file when it cannot.
  explicit JobJournal(const std::filesystem::path& file);
  ~JobJournal();
  JobJournal(const JobJournal&) = delete;
  JobJournal& operator=(const JobJournal&) = delete;

  // Jobs that were running when the server stopped go back to the queue; returns how many.
  int RequeueRunning();

  void Accept(const std::string& id, const nlohmann::ordered_json& request, const std::string& batchSettings) override;
  std::vector<Job> TakeBatch(int limit) override;
  void KeepAlive(const std::vector<std::string>&) override {}  // the worker lives in this process
  bool Finish(const std::string& id, JobState state, const nlohmann::ordered_json& result) override;
  void RecordBatch(double seconds) override;
  std::optional<Job> Find(const std::string& id) override;
  QueueStats Stats() override;  // counts since this journal was opened
  int Count(JobState state) const;

 private:
  std::filesystem::path file_;
  sqlite3* database_ = nullptr;
  mutable std::mutex mutex_;
  QueueStats judged_;  // jobsByVerdict, batches, evaluationSeconds
};

}  // namespace akgen::serve
