// The numbers of a run, computed from its records: NPUKernelBench's per-(task, case) stage counts,
// parse/compile/correctness rates pooled per level, per category and overall, unbiased pass@k per
// problem averaged over problems, verdict counts, the weighted score, and speed against the eager
// and reference baselines (geometric mean speedup, fast_p).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench/metrics/score.h"
#include "bench/metrics/speedup.h"
#include "bench/metrics/unit_outcome.h"
#include "bench/results/result_record.h"
#include "bench/task/shape_mode.h"

namespace akgen::bench {

// NPUKernelBench's table row: one (task, case) in static mode, one task in dynamic mode.
struct ProblemRow {
  std::string task;
  int level = 0;
  std::string category;
  std::string op;
  std::optional<int> caseId;  // static only
  int samples = 0;            // total_samples
  int parsed = 0;             // format_parse_pass
  int compiled = 0;           // compile_pass
  int correct = 0;            // precision_pass
  int incomplete = 0;         // dynamic samples still missing cases
  int timedOnly = 0;          // samples that ran to their end in a timing-only run
  // The correct (or, timing-only, run) sample with the least simulated time. Its baselines are the problem's (the same
  // cases for every sample), so it is also the sample with the best speedups.
  std::optional<UnitTiming> fastest;

  std::string OpDefinition() const { return category + "/" + op; }  // NPUKernelBench's op_definition
};

struct StageCounts {
  int units = 0;
  int parsed = 0;
  int compiled = 0;
  int correct = 0;
  int incomplete = 0;

  double ParseRate() const { return Rate(parsed); }
  double CompileRate() const { return Rate(compiled); }
  double CorrectnessRate() const { return Rate(correct); }

 private:
  double Rate(int count) const { return units == 0 ? 0.0 : static_cast<double>(count) / units; }
};

struct PassAtKAverage {
  double value = 0;
  int problems = 0;  // problems with at least k samples, which the average is over
};

struct GroupMetrics {
  StageCounts counts;
  int problems = 0;
  std::map<int, PassAtKAverage> passAtK;        // only k with at least one problem of n ≥ k samples
  std::map<Verdict, int> verdicts;              // over records (sample × case)
  std::map<Baseline, SpeedupMetrics> speedups;  // both baselines, also when nothing was timed
};

struct Metrics {
  ShapeMode shapeMode = ShapeMode::Static;
  int records = 0;
  GroupMetrics overall;
  std::map<int, GroupMetrics> levels;
  std::map<std::string, GroupMetrics> categories;  // keyed `level1/Math`
  std::vector<ProblemRow> problems;                // sorted by level, op definition, case
  BenchScore score;
  bool hasSimulatedTime = false;  // some unit has a simulated time (older results have none)
  bool hasReferenceTime = false;  // some unit has a reference time (none when the answers themselves ran)
  bool hasTimedOnly = false;      // some unit comes from a timing-only run: its outputs were not checked
  // `level1/Math/ClipByValue case 3: <why>`, once per (task, case) recorded task_error.
  std::vector<std::string> taskErrors;
  // Failed units by the class of their first failure (failure_taxonomy.h), as the paper's Figure 6.
  std::map<std::string, int> failureClasses;
  int extraCaseRecords = 0;  // records of extra cases (`akgen eval --extra-cases`)
  // `level1/Math/Muls sample 1 case 0`: units whose listed cases all pass but an extra case fails.
  std::vector<std::string> failsOnlyExtraCases;
};

Metrics ComputeMetrics(const std::vector<ResultRecord>& records, ShapeMode mode);

// The shape mode the records were produced in; nullopt when they disagree (an output directory
// reused across modes) or there are none.
std::optional<ShapeMode> RecordedShapeMode(const std::vector<ResultRecord>& records);

}  // namespace akgen::bench
