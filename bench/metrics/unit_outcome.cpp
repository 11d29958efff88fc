#include "bench/metrics/unit_outcome.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace akgen::bench {
namespace {

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
          false};
}

std::vector<UnitOutcome> StaticUnits(const std::vector<ResultRecord>& records) {
  std::vector<UnitOutcome> units;
  for (const ResultRecord& record : records) {
    units.push_back(UnitOf(record));
    units.back().caseId = record.caseId;
  }
  return units;
}

struct DynamicSample {
  UnitOutcome unit;
  std::set<int> casesRecorded;
  int caseCount = 0;
};

std::vector<UnitOutcome> DynamicUnits(const std::vector<ResultRecord>& records) {
  std::vector<DynamicSample> samples;
  std::map<std::pair<std::string, int>, size_t> indexOf;
  for (const ResultRecord& record : records) {
    const auto [position, inserted] = indexOf.emplace(std::pair{record.task, record.sample}, samples.size());
    if (inserted) samples.push_back({UnitOf(record), {}, 0});
    DynamicSample& sample = samples[position->second];
    sample.unit.parsed = sample.unit.parsed && PassedParse(record.verdict);
    sample.unit.compiled = sample.unit.compiled && PassedCompile(record.verdict);
    sample.unit.correct = sample.unit.correct && record.verdict == Verdict::Pass;
    sample.casesRecorded.insert(record.caseId);
    sample.caseCount = std::max(sample.caseCount, record.caseCount);
  }
  std::vector<UnitOutcome> units;
  for (DynamicSample& sample : samples) {
    const bool missingCases = static_cast<int>(sample.casesRecorded.size()) < sample.caseCount;
    sample.unit.incomplete = sample.unit.correct && missingCases;
    sample.unit.correct = sample.unit.correct && !missingCases;
    units.push_back(std::move(sample.unit));
  }
  return units;
}

}  // namespace

std::vector<UnitOutcome> UnitOutcomes(const std::vector<ResultRecord>& records, ShapeMode mode) {
  return mode == ShapeMode::Static ? StaticUnits(records) : DynamicUnits(records);
}

}  // namespace akgen::bench
