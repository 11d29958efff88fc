// The queue between the HTTP front and the judge: accepted requests go to the journal, and a worker
// thread takes the oldest queued jobs that share their settings, judges them as one batch
// (serve/batch_judge.h) and records each result, waking whoever waits for it. A service started on
// a journal with unfinished jobs judges them first.
#pragma once
#include <atomic>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <thread>

#include "serve/batch_judge.h"
#include "serve/evaluation_request.h"
#include "serve/job_journal.h"

namespace akgen::serve {

struct ServiceConfig {
  std::filesystem::path stateDir;  // journal.sqlite and the batches' work folders
  JudgeConfig judge;  // its batchesDir is set below stateDir
  int maxBatch = 64;  // jobs judged together at most
  bool keepBatches = false;  // keep each batch's samples and results.jsonl (debugging)
};

// What /metrics reports, counted since the service started.
struct ServiceCounters {
  int queued = 0;
  int running = 0;
  std::map<std::string, long> jobsByVerdict;  // "failed" for jobs the harness could not judge
  long batches = 0;
  double evaluationSeconds = 0;  // the batches' wall time
};

class EvaluationService {
 public:
  // Opens the journal (throws std::runtime_error naming it) and starts the worker.
  EvaluationService(const SuiteCatalog& suites, ServiceConfig config, std::ostream& log);
  ~EvaluationService();  // finishes the batch in hand, then stops; queued jobs stay in the journal
  EvaluationService(const EvaluationService&) = delete;
  EvaluationService& operator=(const EvaluationService&) = delete;

  std::string Submit(const EvaluationRequest& request);  // the new job's id
  // The job once it is done or failed, or as it stands after `seconds`; nullopt for an unknown id.
  std::optional<Job> Wait(const std::string& id, double seconds);
  ServiceCounters Counters() const;
  int RequeuedAtStart() const { return requeuedAtStart_; }

 private:
  void Work();

  const SuiteCatalog& suites_;
  ServiceConfig config_;
  std::ostream& log_;
  JobJournal journal_;
  int requeuedAtStart_ = 0;
  mutable std::mutex mutex_;  // guards the counters and the log, and pairs with the conditions
  std::condition_variable queueChanged_;
  std::condition_variable jobFinished_;
  ServiceCounters counters_;
  bool stopping_ = false;
  std::thread worker_;
};

}  // namespace akgen::serve
