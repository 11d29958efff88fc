#include "bench/metrics/unit_outcome.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

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
    if (value) mean_.Add(*value);
    else missing_ = true;
  }
  std::optional<double> GeometricMeanOverCases() const { return missing_ ? std::nullopt : mean_.Value(); }

 private:
  GeometricMean mean_;
  bool missing_ = false;
};

UnitOutcome UnitOf(const ResultRecord& record) {
  return {record.task,
          record.level,
          record.category,
          record.op,
          record.sample,
          std::nullopt,
          PassedParse(record.verdict),
          PassedCompile(record.verdict),
          record.verdict == Verdict::Pass,
          false,
          record.verdict == Verdict::Timed,
          TimingOf(record)};
}

std::vector<UnitOutcome> StaticUnits(const std::vector<ResultRecord>& records) {
  std::vector<UnitOutcome> units;
  for (const ResultRecord& record : records) {
    if (record.verdict == Verdict::TaskError) continue;
    units.push_back(UnitOf(record));
    units.back().caseId = record.caseId;
  }
  return units;
}

struct DynamicSample {
  UnitOutcome unit;
  bool judged = false;  // some case is more than a task_error
  std::set<int> casesRecorded;
  int caseCount = 0;
  CaseTimes simulatedUs, eagerUs, referenceUs;
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
    if (!sample.judged) sample.unit = UnitOf(record);
    sample.judged = true;
    sample.unit.parsed = sample.unit.parsed && PassedParse(record.verdict);
    sample.unit.compiled = sample.unit.compiled && PassedCompile(record.verdict);
    sample.unit.correct = sample.unit.correct && record.verdict == Verdict::Pass;
    sample.unit.timedOnly = sample.unit.timedOnly && record.verdict == Verdict::Timed;
    const UnitTiming timing = TimingOf(record);
    sample.simulatedUs.Add(timing.simulatedUs);
    sample.eagerUs.Add(timing.eagerUs);
    sample.referenceUs.Add(timing.referenceUs);
  }
  std::vector<UnitOutcome> units;
  for (DynamicSample& sample : samples) {
    if (!sample.judged) continue;
    const bool missingCases = static_cast<int>(sample.casesRecorded.size()) < sample.caseCount;
    sample.unit.incomplete = sample.unit.correct && missingCases;
    sample.unit.correct = sample.unit.correct && !missingCases;
    sample.unit.timedOnly = sample.unit.timedOnly && !missingCases;
    sample.unit.timing = {sample.simulatedUs.GeometricMeanOverCases(), sample.eagerUs.GeometricMeanOverCases(),
                          sample.referenceUs.GeometricMeanOverCases()};
    units.push_back(std::move(sample.unit));
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
