// Records are per (sample, case); what is judged is a unit. Static: each record is a unit, and the
// problem it belongs to is the (task, case) the sample was made for. Dynamic: a sample is one
// unit over all its cases and passes only if every case passes; the problem is the task.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "bench/results/result_record.h"
#include "bench/task/shape_mode.h"

namespace akgen::bench {

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
};

// In the records' order of first appearance.
std::vector<UnitOutcome> UnitOutcomes(const std::vector<ResultRecord>& records, ShapeMode mode);

}  // namespace akgen::bench
