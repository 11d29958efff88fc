// Records are per (sample, case); what is judged is a unit. Static: each listed case's record is a
// unit, with the records of the extra cases drawn from it, and the problem it belongs to is the
// (task, case) the sample was made for. Dynamic: a sample is one
// unit over all its cases and passes only if every case passes; the problem is the task. A unit's
// timing comes from its records' details: `simulated_us` (the cost model's time of the launch),
// `eager_us` (modelled PyTorch eager) and `reference_us` (the task's answer, simulated alike).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "bench/results/result_record.h"
#include "bench/task/shape_mode.h"

namespace akgen::bench {

// Times in microseconds. A dynamic unit's are geometric means over its cases, known only when every
// recorded case has them, so the ratio of two is the geometric mean of the per-case speedups.
struct UnitTiming {
  std::optional<double> simulatedUs;
  std::optional<double> eagerUs;
  std::optional<double> referenceUs;

  std::optional<double> SpeedupVsEager() const;      // eager / simulated
  std::optional<double> SpeedupVsReference() const;  // reference / simulated
};

struct UnitOutcome {
  std::string task;
  int level = 0;
  std::string category;
  std::string op;
  int sample = 0;
  std::optional<int> caseId;  // static only
  bool parsed = false;        // NPUKernelBench's format_parse_pass
  bool compiled = false;      // compile_pass
  bool correct = false;       // precision_pass
  // Dynamic only: every recorded case passed but some cases have no record yet (an interrupted
  // run); such a sample is not counted correct.
  bool incomplete = false;
  // A timing-only run: every case ran to its end, with outputs neither computed nor checked.
  bool timedOnly = false;
  // Every listed case passed but an extra case (`akgen eval --extra-cases`) did not: the sample
  // does not generalise, or hard-codes what the listed cases expect.
  bool failsOnlyExtraCases = false;
  // The class of the unit's first failing record (failure_taxonomy.h); nullopt when none failed.
  std::optional<std::string> firstFailure;
  UnitTiming timing;

  // Speed is measured over correct units, and in timing-only runs over those that ran to their end.
  bool CountsForSpeed() const { return correct || timedOnly; }
};

// In the records' order of first appearance.
std::vector<UnitOutcome> UnitOutcomes(const std::vector<ResultRecord>& records, ShapeMode mode);

}  // namespace akgen::bench
