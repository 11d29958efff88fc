#include "bench/report/mkb_report.h"

#include <algorithm>
#include <map>
#include <set>

#include "bench/metrics/pass_at_k.h"
#include "bench/report/console_report.h"
#include "bench/report/text_table.h"

namespace akgen::bench {
namespace {

constexpr double kSpeedUpThreshold = 1.0;  // MultiKernelBench reports SpeedUp_alpha@k at alpha = 1

struct TaskTally {
  std::string category;
  int samples = 0;
  int compiled = 0;
  int correct = 0;
  int fastEnough = 0;  // correct with speedup >= 1 against eager
  int flagged = 0;
};

struct CategoryTally {
  int tasks = 0;
  int samples = 0;
  int flagged = 0;
  double comp1 = 0;
  double pass1 = 0;
  std::map<int, double> speedUp1AtK;  // sum over tasks with at least k samples
  std::map<int, int> tasksWithK;
};

std::map<std::string, TaskTally> TallyTasks(const std::vector<ResultRecord>& records) {
  std::set<std::pair<std::string, int>> flagged;
  for (const ResultRecord& record : records)
    if (record.details.value("cheating", false)) flagged.insert({record.task, record.sample});
  std::map<std::string, TaskTally> tasks;
  for (const UnitOutcome& unit : UnitOutcomes(records, ShapeMode::Dynamic)) {
    TaskTally& task = tasks[unit.task];
    task.category = unit.category;
    ++task.samples;
    task.compiled += unit.compiled ? 1 : 0;
    task.correct += unit.correct ? 1 : 0;
    const std::optional<double> speedup = unit.timing.SpeedupVsEager();
    task.fastEnough += unit.correct && speedup && *speedup >= kSpeedUpThreshold ? 1 : 0;
    task.flagged += flagged.contains({unit.task, unit.sample}) ? 1 : 0;
  }
  return tasks;
}

void Add(CategoryTally& tally, const TaskTally& task) {
  ++tally.tasks;
  tally.samples += task.samples;
  tally.flagged += task.flagged;
  tally.comp1 += PassAtK(task.samples, task.compiled, 1);
  tally.pass1 += PassAtK(task.samples, task.correct, 1);
  for (int k : kPassAtKValues) {
    if (k > task.samples) break;
    tally.speedUp1AtK[k] += PassAtK(task.samples, task.fastEnough, k);
    ++tally.tasksWithK[k];
  }
}

}  // namespace

bool AreMultiKernelBenchResults(const std::vector<ResultRecord>& records) {
  return !records.empty() &&
         std::all_of(records.begin(), records.end(), [](const ResultRecord& record) { return record.level == 0; });
}

std::vector<MkbRow> MkbRows(const std::vector<ResultRecord>& records, const Metrics& metrics) {
  std::map<std::string, CategoryTally> categories;
  CategoryTally overall;
  for (const auto& [name, task] : TallyTasks(records)) {
    Add(categories[task.category], task);
    Add(overall, task);
  }
  std::vector<MkbRow> rows;
  auto add = [&](const std::string& name, const CategoryTally& tally, const GroupMetrics& group) {
    MkbRow row{name, tally.tasks, tally.samples, tally.tasks == 0 ? 0 : tally.comp1 / tally.tasks,
               tally.tasks == 0 ? 0 : tally.pass1 / tally.tasks, {}, {}, tally.flagged};
    for (double p : {0.2, 0.8, 1.0}) row.fastP[p] = group.speedups.at(Baseline::Eager).fastP.at(p);
    for (const auto& [k, sum] : tally.speedUp1AtK) row.speedUp1AtK[k] = sum / tally.tasksWithK.at(k);
    rows.push_back(std::move(row));
  };
  for (const auto& [category, tally] : categories)
    if (const auto group = metrics.categories.find("level0/" + category); group != metrics.categories.end())
      add(category, tally, group->second);
  add("overall", overall, metrics.overall);
  return rows;
}

std::string MkbTables(const std::vector<MkbRow>& rows) {
  const MkbRow& overall = rows.back();
  std::vector<int> ks = {1};  // and 5 (or the most samples a task has), as MultiKernelBench reports @1 and @5
  if (overall.speedUp1AtK.size() > 1) ks.push_back(std::min(5, overall.speedUp1AtK.rbegin()->first));
  TextTable table{{"category", "tasks", "samples", "Comp@1", "Pass@1", "Pass@1/Comp@1", "Fast0.2", "Fast0.8",
                   "Fast1.0"},
                  {}};
  for (int k : ks) table.headers.push_back("SpeedUp1@" + std::to_string(k));
  table.headers.push_back("flagged");
  for (const MkbRow& row : rows) {
    std::vector<std::string> cells = {row.group, std::to_string(row.tasks), std::to_string(row.samples),
                                      PercentString(row.comp1), PercentString(row.pass1),
                                      row.comp1 == 0 ? "-" : PercentString(row.pass1 / row.comp1), PercentString(row.fastP.at(0.2)),
                                      PercentString(row.fastP.at(0.8)), PercentString(row.fastP.at(1.0))};
    for (int k : ks) {
      const auto estimate = row.speedUp1AtK.find(k);
      cells.push_back(estimate == row.speedUp1AtK.end() ? "-" : PercentString(estimate->second));
    }
    cells.push_back(std::to_string(row.flagged));
    table.rows.push_back(std::move(cells));
  }
  return "MultiKernelBench (AscendCraft's Tables 1 and 2; speedups against the modelled PyTorch eager time of each "
         "task's Model, over all tasks):\n\n" +
         RenderGrid(table) +
         "Comp@1, Pass@1: compiled or correct samples per task, averaged over tasks; Fast_p: correct with speedup > p; "
         "SpeedUp1@k: one of k samples correct with speedup >= 1; flagged: samples MultiKernelBench's anti-hack scan "
         "flags (still counted, as there).\n";
}

nlohmann::json MkbRowsJson(const std::vector<MkbRow>& rows) {
  nlohmann::json list = nlohmann::json::array();
  for (const MkbRow& row : rows) {
    nlohmann::json entry = {{"group", row.group}, {"tasks", row.tasks}, {"samples", row.samples},
                            {"comp@1", row.comp1}, {"pass@1", row.pass1}, {"flagged", row.flagged}};
    for (const auto& [p, fraction] : row.fastP) entry[FastPName(p)] = fraction;
    for (const auto& [k, estimate] : row.speedUp1AtK) entry["speedup_1@" + std::to_string(k)] = estimate;
    list.push_back(std::move(entry));
  }
  return list;
}

}  // namespace akgen::bench
