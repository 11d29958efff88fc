#include "bench/metrics/metrics.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "bench/metrics/pass_at_k.h"

namespace akgen::bench {
namespace {

std::string CategoryKey(int level, const std::string& category) {
  return "level" + std::to_string(level) + "/" + category;
}

std::vector<ProblemRow> ProblemRows(const std::vector<UnitOutcome>& units) {
  std::map<std::pair<std::string, std::optional<int>>, ProblemRow> rows;
  for (const UnitOutcome& unit : units) {
    ProblemRow& row = rows[{unit.task, unit.caseId}];
    if (row.samples == 0) {
      row = {unit.task, unit.level, unit.category, unit.op, unit.caseId, 0, 0, 0, 0, 0, 0, std::nullopt};
    }
    ++row.samples;
    row.parsed += unit.parsed;
    row.compiled += unit.compiled;
    row.correct += unit.correct;
    row.incomplete += unit.incomplete;
    row.timedOnly += unit.timedOnly;
    const std::optional<double>& simulated = unit.timing.simulatedUs;
    if (unit.CountsForSpeed() && simulated && (!row.fastest || *simulated < *row.fastest->simulatedUs))
      row.fastest = unit.timing;
  }
  std::vector<ProblemRow> sorted;
  for (auto& [key, row] : rows) sorted.push_back(std::move(row));
  std::sort(sorted.begin(), sorted.end(), [](const ProblemRow& a, const ProblemRow& b) {
    return std::tuple(a.level, a.OpDefinition(), a.caseId) < std::tuple(b.level, b.OpDefinition(), b.caseId);
  });
  return sorted;
}

// Sums rows into a group and keeps each row's (n, c) for the group's pass@k.
class GroupBuilder {
 public:
  void AddRow(const ProblemRow& row) {
    StageCounts& counts = metrics_.counts;
    counts.units += row.samples;
    counts.parsed += row.parsed;
    counts.compiled += row.compiled;
    counts.correct += row.correct;
    counts.incomplete += row.incomplete;
    ++metrics_.problems;
    samplesAndCorrect_.emplace_back(row.samples, row.correct);
    for (SpeedupTally& tally : speedups_) tally.AddProblem(row.correct > 0 || row.timedOnly > 0, row.fastest);
  }

  void AddUnit(const UnitOutcome& unit) {
    for (SpeedupTally& tally : speedups_) tally.AddUnit(unit);
  }

  void AddVerdict(Verdict verdict) { ++metrics_.verdicts[verdict]; }

  GroupMetrics Finish() {
    for (int k : kPassAtKValues) {
      PassAtKAverage average;
      for (const auto& [n, c] : samplesAndCorrect_) {
        if (n < k) continue;
        average.value += PassAtK(n, c, k);
        ++average.problems;
      }
      if (average.problems == 0) continue;
      average.value /= average.problems;
      metrics_.passAtK[k] = average;
    }
    for (const SpeedupTally& tally : speedups_) metrics_.speedups[tally.Against()] = tally.Finish();
    return metrics_;
  }

 private:
  GroupMetrics metrics_;
  std::vector<std::pair<int, int>> samplesAndCorrect_;
  std::vector<SpeedupTally> speedups_{SpeedupTally(Baseline::Eager), SpeedupTally(Baseline::Reference)};
};

template <typename Key>
std::map<Key, GroupMetrics> FinishAll(std::map<Key, GroupBuilder>& builders) {
  std::map<Key, GroupMetrics> groups;
  for (auto& [key, builder] : builders) groups[key] = builder.Finish();
  return groups;
}

}  // namespace

Metrics ComputeMetrics(const std::vector<ResultRecord>& records, ShapeMode mode) {
  Metrics metrics;
  metrics.shapeMode = mode;
  metrics.records = static_cast<int>(records.size());
  const std::vector<UnitOutcome> units = UnitOutcomes(records, mode);
  metrics.problems = ProblemRows(units);

  GroupBuilder overall;
  std::map<int, GroupBuilder> levels;
  std::map<std::string, GroupBuilder> categories;
  for (const ProblemRow& row : metrics.problems) {
    for (GroupBuilder* group : {&overall, &levels[row.level], &categories[CategoryKey(row.level, row.category)]}) {
      group->AddRow(row);
    }
  }
  for (const UnitOutcome& unit : units) {
    for (GroupBuilder* group : {&overall, &levels[unit.level], &categories[CategoryKey(unit.level, unit.category)]}) {
      group->AddUnit(unit);
    }
    metrics.hasSimulatedTime = metrics.hasSimulatedTime || unit.timing.simulatedUs.has_value();
    metrics.hasReferenceTime = metrics.hasReferenceTime || unit.timing.referenceUs.has_value();
    metrics.hasTimedOnly = metrics.hasTimedOnly || unit.timedOnly;
    if (unit.firstFailure) ++metrics.failureClasses[*unit.firstFailure];
    if (unit.failsOnlyExtraCases)
      metrics.failsOnlyExtraCases.push_back(unit.task + " sample " + std::to_string(unit.sample) +
                                            (unit.caseId ? " case " + std::to_string(*unit.caseId) : ""));
  }
  std::set<std::pair<std::string, int>> taskErrorCases;
  for (const ResultRecord& record : records) {
    metrics.extraCaseRecords += record.extraOf.has_value();
    if (record.verdict == Verdict::TaskError && taskErrorCases.emplace(record.task, record.caseId).second) {
      const std::string detail = record.details.value("detail", "");
      metrics.taskErrors.push_back(record.task + " case " + std::to_string(record.caseId) + ": " +
                                   detail.substr(0, detail.find('\n')));
    }
    for (GroupBuilder* group :
         {&overall, &levels[record.level], &categories[CategoryKey(record.level, record.category)]}) {
      group->AddVerdict(record.verdict);
    }
  }
  metrics.overall = overall.Finish();
  metrics.levels = FinishAll(levels);
  metrics.categories = FinishAll(categories);

  std::map<int, LevelTally> tallies;
  for (const auto& [level, group] : metrics.levels) tallies[level] = {group.counts.units, group.counts.correct};
  metrics.score = ScoreLevels(tallies);
  return metrics;
}

std::optional<ShapeMode> RecordedShapeMode(const std::vector<ResultRecord>& records) {
  if (records.empty()) return std::nullopt;
  const ShapeMode first = records.front().shapeMode;
  const bool agree = std::all_of(records.begin(), records.end(),
                                 [first](const ResultRecord& record) { return record.shapeMode == first; });
  return agree ? std::optional(first) : std::nullopt;
}

}  // namespace akgen::bench
