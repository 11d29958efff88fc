// A worker: takes batches of jobs from a queue (job_queue.h), judges each group of them that shares
// its settings with one evaluation (batch_judge.h) and records their results, while a second
// thread tells the queue it still holds them. `akgen serve` runs one beside its embedded journal;
// `akgen worker` runs one on a shared queue.
#pragma once
#include <condition_variable>
#include <functional>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "serve/batch_judge.h"
#include "serve/job_queue.h"

namespace akgen::serve {

struct WorkerConfig {
  JudgeConfig judge;
  int maxBatch = 64;  // jobs taken at once at most
  bool keepBatches = false;  // keep each batch's samples and results.jsonl (debugging)
  double keepAliveSeconds = 10;  // how often the held jobs are renewed
  double idleSeconds = 0.2;  // how long an idle worker waits before looking at the queue again
};

class BatchWorker {
 public:
  // Starts the threads. `judged` is called after each batch's results are recorded.
  BatchWorker(JobQueue& queue, SuiteCatalog& suites, WorkerConfig config, std::ostream& log,
              std::function<void()> judged = {});
  ~BatchWorker();  // finishes the batch in hand, then stops; queued jobs stay queued
  BatchWorker(const BatchWorker&) = delete;
  BatchWorker& operator=(const BatchWorker&) = delete;

  void Wake();  // a job was queued: look now

 private:
  void Work();
  void KeepAlive();
  void JudgeGroup(const std::vector<Job>& jobs);

  JobQueue& queue_;
  SuiteCatalog& suites_;
  WorkerConfig config_;
  std::ostream& log_;
  std::function<void()> judged_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool woken_ = false;
  std::vector<std::string> held_;  // the ids of the batch in hand
  std::thread worker_;
  std::thread keepAlive_;
};

}  // namespace akgen::serve
