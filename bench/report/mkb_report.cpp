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

std::string Percent(double fraction) { return PercentString(fraction); }

}  // namespace

bool AreMultiKernelBenchResults(const std::vector<ResultRecord>& records) {
  return !records.empty() &&
         std::all_of(records.begin(), records.end(), [](const ResultRecord& record) { return record.level == 0; });
}

std::string MkbTables(const std::vector<ResultRecord>& records, const Metrics& metrics) {
  std::map<std::string, CategoryTally> categories;
  CategoryTally overall;
  int mostSamples = 0;
  for (const auto& [name, task] : TallyTasks(records)) {
    Add(categories[task.category], task);
    Add(overall, task);
    mostSamples = std::max(mostSamples, task.samples);
  }
  std::vector<int> ks = {1};
  if (mostSamples > 1) ks.push_back(std::min(mostSamples, 5));
  TextTable table{{"category", "tasks", "samples", "Comp@1", "Pass@1", "Pass@1/Comp@1", "Fast0.2", "Fast0.8",
                   "Fast1.0"},
                  {}};
  for (int k : ks) table.headers.push_back("SpeedUp1@" + std::to_string(k));
  table.headers.push_back("flagged");
  auto row = [&](const std::string& name, const CategoryTally& tally, const GroupMetrics& group) {
    const double comp1 = tally.tasks == 0 ? 0 : tally.comp1 / tally.tasks;
    const double pass1 = tally.tasks == 0 ? 0 : tally.pass1 / tally.tasks;
    const SpeedupMetrics& eager = group.speedups.at(Baseline::Eager);
    std::vector<std::string> cells = {name, std::to_string(tally.tasks), std::to_string(tally.samples),
                                      Percent(comp1), Percent(pass1), comp1 == 0 ? "-" : Percent(pass1 / comp1),
                                      Percent(eager.fastP.at(0.2)), Percent(eager.fastP.at(0.8)),
                                      Percent(eager.fastP.at(1.0))};
    for (int k : ks) {
      const auto with = tally.tasksWithK.find(k);
      cells.push_back(with == tally.tasksWithK.end() ? "-" : Percent(tally.speedUp1AtK.at(k) / with->second));
    }
    cells.push_back(std::to_string(tally.flagged));
    table.rows.push_back(std::move(cells));
  };
  for (const auto& [category, tally] : categories) {
    const auto group = metrics.categories.find("level0/" + category);
    if (group != metrics.categories.end()) row(category, tally, group->second);
  }
  row("overall", overall, metrics.overall);
  return "MultiKernelBench (AscendCraft's Tables 1 and 2; speedups against the modelled PyTorch eager time of each "
         "task's Model, over all tasks):\n\n" +
         RenderGrid(table) +
         "Comp@1, Pass@1: compiled or correct samples per task, averaged over tasks; Fast_p: correct with speedup > p; "
         "SpeedUp1@k: one of k samples correct with speedup >= 1; flagged: samples MultiKernelBench's anti-hack scan "
         "flags (still counted, as there).\n";
}

}  // namespace akgen::bench
