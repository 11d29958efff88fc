#include "serve/batch_worker.h"

#include <chrono>
#include <iomanip>
#include <map>
#include <sstream>

namespace akgen::serve {

BatchWorker::BatchWorker(JobQueue& queue, SuiteCatalog& suites, WorkerConfig config, std::ostream& log,
                         std::function<void()> judged)
    : queue_(queue), suites_(suites), config_(std::move(config)), log_(log), judged_(std::move(judged)) {
  worker_ = std::thread([this] { Work(); });
  keepAlive_ = std::thread([this] { KeepAlive(); });
}

BatchWorker::~BatchWorker() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  worker_.join();
  keepAlive_.join();
}

void BatchWorker::Wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  wake_.notify_all();
}

void BatchWorker::KeepAlive() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, std::chrono::duration<double>(config_.keepAliveSeconds));
    if (stopping_ || held_.empty()) continue;
    const std::vector<std::string> held = held_;
    lock.unlock();
    try {
      queue_.KeepAlive(held);
    } catch (const std::exception& error) {
      // The queue is unreachable for now; the jobs may be requeued, and their first result wins.
      std::lock_guard logLock(mutex_);
      log_ << "worker: cannot renew " << held.size() << " jobs: " << error.what() << '\n' << std::flush;
    }
    lock.lock();
  }
}

void BatchWorker::JudgeGroup(const std::vector<Job>& jobs) {
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
  size_t recorded = 0;
  for (JudgedJob& job : judged) {
    job.result["seconds"] = seconds;
    recorded += queue_.Finish(job.id, job.state, job.result);
  }
  queue_.RecordBatch(seconds);
  if (!config_.keepBatches) {
    std::error_code ignored;
    std::filesystem::remove_all(config_.judge.batchesDir / ("batch-" + jobs.front().id), ignored);
  }
  std::lock_guard lock(mutex_);
  log_ << "batch of " << jobs.size() << " judged in " << std::fixed << std::setprecision(1) << seconds << " s";
  if (recorded < judged.size()) log_ << " (" << judged.size() - recorded << " already judged elsewhere)";
  log_ << '\n' << std::flush;
}

void BatchWorker::Work() {
  while (true) {
    {
      std::unique_lock lock(mutex_);
      if (stopping_) return;
    }
    std::vector<Job> jobs;
    try {
      jobs = queue_.TakeBatch(config_.maxBatch);
    } catch (const std::exception& error) {
      std::lock_guard lock(mutex_);
      log_ << "worker: cannot take jobs: " << error.what() << '\n' << std::flush;
    }
    if (jobs.empty()) {
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, std::chrono::duration<double>(config_.idleSeconds), [&] { return stopping_ || woken_; });
      woken_ = false;
      continue;
    }
    {
      std::lock_guard lock(mutex_);
      held_.clear();
      for (const Job& job : jobs) held_.push_back(job.id);
    }
    // Jobs of other settings wait in the same batch for their own evaluation.
    std::vector<std::string> order;
    std::map<std::string, std::vector<Job>> groups;
    for (Job& job : jobs) {
      if (!groups.contains(job.batchSettings)) order.push_back(job.batchSettings);
      groups[job.batchSettings].push_back(std::move(job));
    }
    for (const std::string& settings : order) JudgeGroup(groups[settings]);
    {
      std::lock_guard lock(mutex_);
      held_.clear();
    }
    if (judged_) judged_();
  }
}

}  // namespace akgen::serve
