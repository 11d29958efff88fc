#include "serve/job_queue.h"

namespace akgen::serve {

const char* ToString(JobState state) {
  switch (state) {
    case JobState::Queued: return "queued";
    case JobState::Running: return "running";
    case JobState::Done: return "done";
    case JobState::Failed: return "failed";
  }
  return "queued";
}

JobState ParseJobState(const std::string& text) {
  if (text == "running") return JobState::Running;
  if (text == "done") return JobState::Done;
  if (text == "failed") return JobState::Failed;
  return JobState::Queued;
}

}  // namespace akgen::serve
