#include "bench/metrics/unit_outcome.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "bench/metrics/failure_taxonomy.h"
#include "bench/metrics/geometric_mean.h"

namespace akgen::bench {
namespace {

std::optional<double> Ratio(const std::optional<double>& baseline, const std::optional<double>& simulated) {
  if (!baseline || !simulated) return std::nullopt;
  return *baseline / *simulated;
}

// A time the record's details hold; absent, not a number, or not positive (no geometric mean) is unknown.
std::optional<double> Microseconds(const nlohmann::json& details, const char* key) {
  const auto found = details.find(key);
  if (found == details.end() || !found->is_number()) return std::nullopt;
  const double value = found->get<double>();
  if (!std::isfinite(value) || value <= 0) return std::nullopt;
  return value;
}

UnitTiming TimingOf(const ResultRecord& record) {
  return {Microseconds(record.details, "simulated_us"), Microseconds(record.details, "eager_us"),
          Microseconds(record.details, "reference_us")};
}

// One time over a dynamic unit's cases; unknown once a case lacks it.
class CaseTimes {
 public:
  void Add(const std::optional<double>& value) {
    if (value)
      mean_.Add(*value);
    else
      missing_ = true;
  }
  std::optional<double> GeometricMeanOverCases() const { return missing_ ? std::nullopt : mean_.Value(); }

 private:
  GeometricMean mean_;
  bool missing_ = false;
};

// The unit a record belongs to, passing every stage until its records say otherwise.
UnitOutcome UnitOf(const ResultRecord& record) {
  UnitOutcome unit;
  unit.task = record.task;
  unit.level = record.level;
  unit.category = record.category;
  unit.op = record.op;
  unit.sample = record.sample;
  unit.parsed = unit.compiled = unit.correct = unit.timedOnly = true;
  return unit;
}

// A unit's verdict over its records: it passes a stage only if every record does. Extra cases
// (`akgen eval --extra-cases`) count for correctness but not for time, so speedups compare with
// runs without them.
class UnitJudgement {
 public:
  void Add(const ResultRecord& record) {
    if (!judged_) unit_ = UnitOf(record);
    judged_ = true;
    unit_.parsed = unit_.parsed && PassedParse(record.verdict);
    unit_.compiled = unit_.compiled && PassedCompile(record.verdict);
    unit_.correct = unit_.correct && record.verdict == Verdict::Pass;
    unit_.timedOnly = unit_.timedOnly && record.verdict == Verdict::Timed;
    if (!unit_.firstFailure) unit_.firstFailure = FailureClass(record);
    const bool passed = record.verdict == Verdict::Pass || record.verdict == Verdict::Timed;
    if (record.extraOf) {
      extraFailed_ = extraFailed_ || !passed;
      return;
    }
    ++listedCases_;
    listedPassed_ = listedPassed_ && passed;
    const UnitTiming timing = TimingOf(record);
    simulatedUs_.Add(timing.simulatedUs);
    eagerUs_.Add(timing.eagerUs);
    referenceUs_.Add(timing.referenceUs);
  }

  bool Judged() const { return judged_; }
  int ListedCases() const { return listedCases_; }

  // `missingCases`: some case of the unit has no record yet (an interrupted run).
  UnitOutcome Finish(bool missingCases) {
    unit_.incomplete = unit_.correct && missingCases;
    unit_.correct = unit_.correct && !missingCases;
    unit_.timedOnly = unit_.timedOnly && !missingCases;
    unit_.failsOnlyExtraCases = listedCases_ > 0 && listedPassed_ && extraFailed_;
    unit_.timing = {simulatedUs_.GeometricMeanOverCases(), eagerUs_.GeometricMeanOverCases(),
                    referenceUs_.GeometricMeanOverCases()};
    return unit_;
  }

 private:
  UnitOutcome unit_;
  bool judged_ = false;  // some case is more than a task_error
  int listedCases_ = 0;
  bool listedPassed_ = true;
  bool extraFailed_ = false;
  CaseTimes simulatedUs_, eagerUs_, referenceUs_;
};

// A static unit is one listed case and the extra cases drawn from it.
std::vector<UnitOutcome> StaticUnits(const std::vector<ResultRecord>& records) {
  std::vector<std::pair<int, UnitJudgement>> judgements;  // (listed case, its records)
  std::map<std::tuple<std::string, int, int>, size_t> indexOf;
  for (const ResultRecord& record : records) {
    if (record.verdict == Verdict::TaskError) continue;
    const int listedCase = record.extraOf.value_or(record.caseId);
    const auto [position, inserted] =
        indexOf.emplace(std::tuple{record.task, record.sample, listedCase}, judgements.size());
    if (inserted) judgements.push_back({listedCase, {}});
    judgements[position->second].second.Add(record);
  }
  std::vector<UnitOutcome> units;
  for (auto& [listedCase, judgement] : judgements) {
    units.push_back(judgement.Finish(judgement.ListedCases() == 0));
    units.back().caseId = listedCase;
  }
  return units;
}

struct DynamicSample {
  UnitJudgement judgement;
  std::set<int> casesRecorded;
  int caseCount = 0;
};

std::vector<UnitOutcome> DynamicUnits(const std::vector<ResultRecord>& records) {
  std::vector<DynamicSample> samples;
  std::map<std::pair<std::string, int>, size_t> indexOf;
  for (const ResultRecord& record : records) {
    const auto [position, inserted] = indexOf.emplace(std::pair{record.task, record.sample}, samples.size());
    if (inserted) samples.push_back({});
    DynamicSample& sample = samples[position->second];
    sample.casesRecorded.insert(record.caseId);
    sample.caseCount = std::max(sample.caseCount, record.caseCount);
    if (record.verdict == Verdict::TaskError) continue;  // the unit is judged on its other cases
    sample.judgement.Add(record);
  }
  std::vector<UnitOutcome> units;
  for (DynamicSample& sample : samples) {
    if (!sample.judgement.Judged()) continue;
    units.push_back(sample.judgement.Finish(static_cast<int>(sample.casesRecorded.size()) < sample.caseCount));
  }
  return units;
}

}  // namespace

std::optional<double> UnitTiming::SpeedupVsEager() const { return Ratio(eagerUs, simulatedUs); }
std::optional<double> UnitTiming::SpeedupVsReference() const { return Ratio(referenceUs, simulatedUs); }

std::vector<UnitOutcome> UnitOutcomes(const std::vector<ResultRecord>& records, ShapeMode mode) {
  return mode == ShapeMode::Static ? StaticUnits(records) : DynamicUnits(records);
}

}  // namespace akgen::bench
