#include "serve/evaluation_service.h"

#include <chrono>
#include <iomanip>
#include <random>
#include <sstream>

namespace akgen::serve {
namespace {

// How often a waiter looks at a job judged by a worker it cannot hear from.
constexpr std::chrono::milliseconds kPoll(100);

std::string NewJobId() {
  static std::mutex mutex;
  static std::random_device device;
  std::lock_guard lock(mutex);
  std::ostringstream id;
  id << std::hex << std::setfill('0');
  for (int i = 0; i < 4; ++i) id << std::setw(8) << device();
  return id.str();
}

}  // namespace

EvaluationService::EvaluationService(JobQueue& queue, std::function<void()> submitted)
    : queue_(queue), submitted_(std::move(submitted)) {}

std::string EvaluationService::Submit(const EvaluationRequest& request) {
  const std::string id = NewJobId();
  queue_.Accept(id, request.ToJson(), request.BatchSettings());
  if (submitted_) submitted_();
  return id;
}

std::optional<Job> EvaluationService::Wait(const std::string& id, double seconds) {
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(std::max(0.0, seconds)));
  while (true) {
    std::optional<Job> job = queue_.Find(id);
    const auto now = std::chrono::steady_clock::now();
    if (!job || job->Finished() || now >= deadline) return job;
    std::unique_lock lock(mutex_);
    finished_.wait_until(lock, std::min(deadline, now + std::chrono::steady_clock::duration(kPoll)));
  }
}

void EvaluationService::JobsFinished() { finished_.notify_all(); }

}  // namespace akgen::serve
