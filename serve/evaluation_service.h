// The HTTP front's side of a job queue (job_queue.h): it accepts requests and waits for their
// results, whichever worker judges them (this process's, or `akgen worker`s on a shared queue).
#pragma once
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

#include "serve/evaluation_request.h"
#include "serve/job_queue.h"

namespace akgen::serve {

class EvaluationService {
 public:
  // `submitted` is called after each accepted job (to wake a local worker).
  explicit EvaluationService(JobQueue& queue, std::function<void()> submitted = {});

  std::string Submit(const EvaluationRequest& request);  // the new job's id
  // The job once it is done or failed, or as it stands after `seconds`; nullopt for an unknown id.
  std::optional<Job> Wait(const std::string& id, double seconds);
  // Wakes the waiters at once (a local worker recorded results); others notice within a poll.
  void JobsFinished();
  QueueStats Stats() { return queue_.Stats(); }

 private:
  JobQueue& queue_;
  std::function<void()> submitted_;
  std::mutex mutex_;
  std::condition_variable finished_;
};

}  // namespace akgen::serve
