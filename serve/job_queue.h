// Where accepted jobs wait and their results are kept, shared by the HTTP front (which accepts and
// reads) and the workers (which take, judge and finish). Two kinds: the server's own SQLite journal
// (job_journal.h, the embedded default) and a Redis queue that workers on any number of machines
// share (redis_job_queue.h). In both, a job accepted is never lost, and a job's first result is
// the one kept: a job judged twice (its worker thought dead) is recorded once.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace akgen::serve {

enum class JobState { Queued, Running, Done, Failed };
const char* ToString(JobState state);
JobState ParseJobState(const std::string& text);  // Queued for anything unknown

struct Job {
  std::string id;
  JobState state = JobState::Queued;
  nlohmann::ordered_json request;  // EvaluationRequest::ToJson()
  std::string batchSettings;  // EvaluationRequest::BatchSettings()
  nlohmann::ordered_json result;  // done: the judged result; failed: {"error": why}
  double acceptedAt = 0;  // seconds since the epoch
  double finishedAt = 0;

  bool Finished() const { return state == JobState::Done || state == JobState::Failed; }
};

// What /metrics reports about the judged jobs.
struct QueueStats {
  int queued = 0;
  int running = 0;
  std::map<std::string, long> jobsByVerdict;  // "failed" for jobs that could not be judged
  long batches = 0;
  double evaluationSeconds = 0;  // the batches' wall time
};

class JobQueue {
 public:
  virtual ~JobQueue() = default;

  virtual void Accept(const std::string& id, const nlohmann::ordered_json& request, const std::string& batchSettings) = 0;
  // Up to `limit` queued jobs, oldest first, now running for this worker; empty when none is queued.
  virtual std::vector<Job> TakeBatch(int limit) = 0;
  // Tells the queue the worker still holds these jobs (a worker that stops saying so is dead).
  virtual void KeepAlive(const std::vector<std::string>& ids) = 0;
  // Records the job's result unless it already has one; true when this one was recorded.
  virtual bool Finish(const std::string& id, JobState state, const nlohmann::ordered_json& result) = 0;
  virtual void RecordBatch(double seconds) = 0;
  virtual std::optional<Job> Find(const std::string& id) = 0;
  virtual QueueStats Stats() = 0;
};

}  // namespace akgen::serve
