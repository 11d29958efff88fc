#include "serve/evaluation_service.h"

#include <chrono>
#include <iomanip>
#include <random>
#include <sstream>

namespace akgen::serve {
namespace {

std::string NewJobId() {
  static std::mutex mutex;
  static std::random_device device;
  std::lock_guard lock(mutex);
  std::ostringstream id;
  id << std::hex << std::setfill('0');
  for (int i = 0; i < 4; ++i) id << std::setw(8) << device();
  return id.str();
}

bool Finished(const Job& job) { return job.state == JobState::Done || job.state == JobState::Failed; }

}  // namespace

EvaluationService::EvaluationService(const SuiteCatalog& suites, ServiceConfig config, std::ostream& log)
    : suites_(suites), config_(std::move(config)), log_(log), journal_(config_.stateDir / "journal.sqlite") {
  config_.judge.batchesDir = config_.stateDir / "batches";
  requeuedAtStart_ = journal_.RequeueRunning();
  worker_ = std::thread([this] { Work(); });
}

EvaluationService::~EvaluationService() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  queueChanged_.notify_all();
  worker_.join();
}

std::string EvaluationService::Submit(const EvaluationRequest& request) {
  const std::string id = NewJobId();
  journal_.Accept(id, request.ToJson(), request.BatchSettings());
  queueChanged_.notify_all();
  return id;
}

std::optional<Job> EvaluationService::Wait(const std::string& id, double seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(std::max(0.0, seconds));
  std::unique_lock lock(mutex_);
  while (true) {
    std::optional<Job> job = journal_.Find(id);
    if (!job || Finished(*job) || std::chrono::steady_clock::now() >= deadline || stopping_) return job;
    jobFinished_.wait_until(lock, deadline);
  }
}

ServiceCounters EvaluationService::Counters() const {
  ServiceCounters counters;
  {
    std::lock_guard lock(mutex_);
    counters = counters_;
  }
  counters.queued = journal_.Count(JobState::Queued);
  counters.running = journal_.Count(JobState::Running);
  return counters;
}

void EvaluationService::Work() {
  while (true) {
    std::vector<Job> jobs;
    {
      std::unique_lock lock(mutex_);
      queueChanged_.wait_for(lock, std::chrono::seconds(1), [&] { return stopping_ || journal_.Count(JobState::Queued) > 0; });
      if (stopping_) return;
    }
    jobs = journal_.TakeBatch(config_.maxBatch);
    if (jobs.empty()) continue;
    const auto start = std::chrono::steady_clock::now();
    std::ostringstream progress;
    std::vector<JudgedJob> judged;
    try {
      judged = JudgeBatch(jobs, suites_, config_.judge, progress);
    } catch (const std::exception& error) {
      // A fault of the machine (bench::Evaluate's): no candidate is charged with it.
      for (const Job& job : jobs)
        judged.push_back({job.id, JobState::Failed,
                          {{"id", job.id}, {"status", "failed"}, {"error", std::string("the harness failed: ") + error.what()}}});
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (JudgedJob& job : judged) {
      job.result["seconds"] = seconds;
      journal_.Finish(job.id, job.state, job.result);
    }
    if (!config_.keepBatches) {
      std::error_code ignored;
      std::filesystem::remove_all(config_.judge.batchesDir / ("batch-" + jobs.front().id), ignored);
    }
    {
      std::lock_guard lock(mutex_);
      ++counters_.batches;
      counters_.evaluationSeconds += seconds;
      for (const JudgedJob& job : judged)
        ++counters_.jobsByVerdict[job.state == JobState::Failed ? "failed" : job.result.value("verdict", "")];
      log_ << "batch of " << jobs.size() << " judged in " << std::fixed << std::setprecision(1) << seconds << " s\n"
           << std::flush;
    }
    jobFinished_.notify_all();
  }
}

}  // namespace akgen::serve
