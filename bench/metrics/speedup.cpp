#include "bench/metrics/speedup.h"

#include <algorithm>
#include <cstdio>

namespace akgen::bench {

std::string FastPName(double p) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, p == 0 ? "fast_%.0f" : "fast_%.1f", p);
  return buffer;
}

const char* ToString(Baseline baseline) { return baseline == Baseline::Eager ? "eager" : "reference"; }

std::optional<double> Speedup(const UnitTiming& timing, Baseline baseline) {
  return baseline == Baseline::Eager ? timing.SpeedupVsEager() : timing.SpeedupVsReference();
}

void SpeedupTally::AddUnit(const UnitOutcome& unit) {
  if (!unit.CountsForSpeed()) return;
  if (const std::optional<double> speedup = Speedup(unit.timing, baseline_)) unitSpeedups_.Add(*speedup);
}

void SpeedupTally::AddProblem(bool correct, const std::optional<UnitTiming>& best) {
  ++problems_;
  if (!correct) return;
  const std::optional<double> speedup = best ? Speedup(*best, baseline_) : std::nullopt;
  if (speedup) bestSpeedups_.push_back(*speedup);
  else ++untimedProblems_;
}

SpeedupMetrics SpeedupTally::Finish() const {
  SpeedupMetrics metrics;
  metrics.problems = problems_;
  metrics.timedProblems = static_cast<int>(bestSpeedups_.size());
  metrics.untimedProblems = untimedProblems_;
  metrics.timedUnits = unitSpeedups_.Count();
  metrics.geometricMean = unitSpeedups_.Value();
  for (double p : kFastPThresholds) {
    const auto fast = std::count_if(bestSpeedups_.begin(), bestSpeedups_.end(), [p](double s) { return s > p; });
    metrics.fastP[p] = problems_ == 0 ? 0.0 : static_cast<double>(fast) / problems_;
  }
  return metrics;
}

}  // namespace akgen::bench
