// The job queue workers on many machines share (job_queue.h), kept in Redis:
//   akgen:job:<id>     a hash: request, settings, state, accepted_at, result, finished_at, worker
//   akgen:queue        the queued ids, newest first; workers take from the oldest end
//   akgen:running      the ids workers have taken
//   akgen:lease:<id>   the worker holding a job, expiring after the visibility timeout unless
//                      renewed (KeepAlive); a running job whose lease expired goes back to the queue
//   akgen:verdicts, akgen:batches   what /metrics reports
// Each step that reads and writes is one Lua script, so two workers never take the same job, a job
// is requeued once, and its first result is the one kept.
#pragma once
#include <memory>
#include <string>

#include "serve/job_queue.h"
#include "serve/redis_connection.h"

namespace akgen::serve {

class RedisJobQueue : public JobQueue {
 public:
  // `worker` names the taker in leases and logs. Throws std::runtime_error when Redis is unreachable.
  RedisJobQueue(const RedisAddress& address, double visibilitySeconds, std::string worker);

  void Accept(const std::string& id, const nlohmann::ordered_json& request, const std::string& batchSettings) override;
  std::vector<Job> TakeBatch(int limit) override;  // requeues expired jobs first
  void KeepAlive(const std::vector<std::string>& ids) override;
  bool Finish(const std::string& id, JobState state, const nlohmann::ordered_json& result) override;
  void RecordBatch(double seconds) override;
  std::optional<Job> Find(const std::string& id) override;
  QueueStats Stats() override;
  // Running jobs whose lease expired go back to the front of the queue; returns how many.
  int RequeueExpired();

 private:
  std::string LeaseMilliseconds() const;

  RedisConnection redis_;
  double visibilitySeconds_;
  std::string worker_;
};

}  // namespace akgen::serve
