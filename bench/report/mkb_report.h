// AscendCraft's and MultiKernelBench's tables for results on a MultiKernelBench tree (records of
// level 0, as its tasks have no level): per category and overall, with n samples per task,
//   Comp@1 and Pass@1: the unbiased estimates (compiled or correct samples / n), averaged over the
//     category's tasks, as AscendCraft's Table 1 gives them; Pass@1 also as a share of Comp@1;
//   Fast0.2/0.8/1.0: tasks whose best correct sample has speedup > p against the modelled eager
//     time, over all tasks (KernelBench's fast_p, AscendCraft's Table 2);
//   SpeedUp_1@k: MultiKernelBench's own, the unbiased chance that one of k samples is correct with
//     speedup >= 1;
//   flagged: samples MultiKernelBench's anti-hack scan flags (records' `cheating`), which as there
//     still count.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/metrics/metrics.h"
#include "bench/results/result_record.h"

namespace akgen::bench {

bool AreMultiKernelBenchResults(const std::vector<ResultRecord>& records);

// One row of the tables: a category, or "overall". Rates are fractions in [0, 1].
struct MkbRow {
  std::string group;
  int tasks = 0;
  int samples = 0;
  double comp1 = 0;
  double pass1 = 0;
  std::map<double, double> fastP;        // p of 0.2, 0.8, 1.0 → fraction of the group's tasks
  std::map<int, double> speedUp1AtK;     // k → estimate, over tasks with at least k samples
  int flagged = 0;
};

// The categories in name order, then "overall". `metrics` from the same records, dynamic mode
// (every trial of a task is one unit).
std::vector<MkbRow> MkbRows(const std::vector<ResultRecord>& records, const Metrics& metrics);

std::string MkbTables(const std::vector<MkbRow>& rows);

// For summary.json's `multikernelbench`: one object per row.
nlohmann::json MkbRowsJson(const std::vector<MkbRow>& rows);

}  // namespace akgen::bench
