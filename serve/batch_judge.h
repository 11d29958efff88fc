// Judges a batch of jobs that share their settings with one `bench::Evaluate`: each job's candidate
// becomes a sample of its task under BATCH/samples (its response parsed as `akgen generate` parses a
// model's), the batch is evaluated into BATCH/results.jsonl, and each job's records become its
// result: the verdict, the per-case verdicts and times, the failure class, the repair feedback a
// model would be sent and the reward with the request's weights (serve/reward.h). One evaluation for many jobs shares the
// oracle's start and every build the jobs have in common.
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "bench/eval/evaluate.h"
#include "serve/job_journal.h"
#include "serve/reward.h"
#include "serve/suite_catalog.h"

namespace akgen::serve {

struct JudgeConfig {
  std::filesystem::path batchesDir;  // one folder per batch, removed once its jobs are recorded
  bench::EvalOptions eval;  // cache, jobs, run limit, oracle; the batch sets the rest
};

struct JudgedJob {
  std::string id;
  JobState state = JobState::Done;  // Failed: the harness could not judge it (result holds "error")
  nlohmann::ordered_json result;
};

// Throws only for faults of the machine (bench::Evaluate's), which fail every job of the batch alike.
std::vector<JudgedJob> JudgeBatch(const std::vector<Job>& jobs, SuiteCatalog& suites, const JudgeConfig& config,
                                  std::ostream& log);

}  // namespace akgen::serve
