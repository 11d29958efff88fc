// Inputs and golden outputs of every case of some tasks, computed into the golden cache without any
// candidate (`akgen tasks --goldens`): to check that a task tree's references run on this machine,
// to see which cases need scaled shapes and how long each task's goldens take, and to fill a cache
// before an evaluation on many machines.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "bench/oracle/oracle.h"
#include "bench/task/task.h"

namespace akgen::bench {

struct CaseGolden {
  int caseId = 0;
  double seconds = 0;    // 0 when cached
  bool fromCache = false;
  std::string problem;   // non-empty: no golden (the oracle's message); taskError tells which kind
  bool taskError = false;  // the task's generator fails on this case for every candidate
  std::string note;      // the manifest's golden_note
  std::map<std::string, std::pair<int64_t, int64_t>> scaledConstants;
};

struct TaskGoldens {
  const Task* task = nullptr;
  std::vector<CaseGolden> cases;
  double seconds = 0;  // the cases' sum
  bool Scaled() const;
  size_t Failed() const;
};

struct GoldenOptions {
  uint64_t seed = 0;
  bool timingOnly = false;
  MkbShapes shapes;
  unsigned jobs = 1;
};

// Every listed case of each task, `jobs` cases at a time; a case's failure is recorded, not thrown.
// Throws EnvironmentFault for a fault of the machine (a full disk).
std::vector<TaskGoldens> ProduceTaskGoldens(const OracleConfig& config, const std::vector<const Task*>& tasks,
                                            const GoldenOptions& options);

}  // namespace akgen::bench
