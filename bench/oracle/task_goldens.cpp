#include "bench/oracle/task_goldens.h"

#include <algorithm>
#include <chrono>

#include "bench/builder/parallel_map.h"
#include "bench/oracle/oracle_error.h"

namespace akgen::bench {
namespace {

struct CaseJob {
  size_t task;
  const TestCase* testCase;
};

CaseGolden ProduceCase(const OracleConfig& config, const Task& task, const TestCase& testCase,
                       const GoldenOptions& options) {
  CaseGolden result;
  result.caseId = testCase.id;
  const auto start = std::chrono::steady_clock::now();
  try {
    const GoldenCase golden =
        ProduceGolden(config, OracleRequestFor(task, testCase, options.seed, options.timingOnly, options.shapes));
    result.fromCache = golden.fromCache;
    result.note = golden.manifest.note;
    result.scaledConstants = golden.manifest.scaledConstants;
  } catch (const CaseCannotRun& error) {
    result.problem = error.what();
    result.taskError = true;
  } catch (const OracleError& error) {
    result.problem = error.what();
  }
  if (!result.fromCache)
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace

bool TaskGoldens::Scaled() const {
  return std::any_of(cases.begin(), cases.end(), [](const CaseGolden& c) { return !c.scaledConstants.empty(); });
}

size_t TaskGoldens::Failed() const {
  return size_t(std::count_if(cases.begin(), cases.end(), [](const CaseGolden& c) { return !c.problem.empty(); }));
}

std::vector<TaskGoldens> ProduceTaskGoldens(const OracleConfig& config, const std::vector<const Task*>& tasks,
                                            const GoldenOptions& options) {
  std::vector<TaskGoldens> result(tasks.size());
  std::vector<CaseJob> jobs;
  for (size_t i = 0; i < tasks.size(); ++i) {
    result[i].task = tasks[i];
    for (const TestCase& testCase : tasks[i]->cases) jobs.push_back({i, &testCase});
  }
  const std::vector<CaseGolden> goldens = ParallelMap(jobs, options.jobs, [&](const CaseJob& job) {
    return ProduceCase(config, *tasks[job.task], *job.testCase, options);
  });
  for (size_t j = 0; j < jobs.size(); ++j) {
    TaskGoldens& task = result[jobs[j].task];
    task.cases.push_back(goldens[j]);
    task.seconds += goldens[j].seconds;
  }
  return result;
}

}  // namespace akgen::bench
