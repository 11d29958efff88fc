// Speed against a baseline, from the units' simulated times, as KernelBench and MultiKernelBench
// report it: the geometric mean speedup over correct units, and fast_p, the fraction of ALL
// problems (correct or not, timed or not) that are correct with speedup strictly above p. As they
// do, a problem with several samples counts its best one: the fastest of its correct samples.
#pragma once
#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench/metrics/geometric_mean.h"
#include "bench/metrics/unit_outcome.h"

namespace akgen::bench {

inline constexpr std::array<double, 4> kFastPThresholds = {0.0, 0.2, 0.8, 1.0};
std::string FastPName(double p);  // "fast_0", "fast_0.2", "fast_1.0"

// What a speedup is measured against: the modelled PyTorch eager time of the task's Model, or the
// task's reference answer simulated under the same model.
enum class Baseline { Eager, Reference };
inline constexpr Baseline kAllBaselines[] = {Baseline::Eager, Baseline::Reference};
const char* ToString(Baseline baseline);  // "eager", "reference"

std::optional<double> Speedup(const UnitTiming& timing, Baseline baseline);

struct SpeedupMetrics {
  int problems = 0;        // every problem of the group: fast_p's denominator
  int timedProblems = 0;   // correct problems whose best sample has a speedup
  int untimedProblems = 0; // correct problems without one: never counted fast
  int timedUnits = 0;      // correct units with a speedup, which the geometric mean is over
  std::optional<double> geometricMean;
  std::map<double, double> fastP;  // p of kFastPThresholds → fraction of problems
};

class SpeedupTally {
 public:
  explicit SpeedupTally(Baseline baseline) : baseline_(baseline) {}
  Baseline Against() const { return baseline_; }

  void AddUnit(const UnitOutcome& unit);  // counts for the mean when correct with a speedup
  // `correct`: some sample of the problem is; `best`: the timing of its fastest correct sample.
  void AddProblem(bool correct, const std::optional<UnitTiming>& best);
  SpeedupMetrics Finish() const;

 private:
  Baseline baseline_;
  GeometricMean unitSpeedups_;
  int problems_ = 0;
  int untimedProblems_ = 0;
  std::vector<double> bestSpeedups_;  // of correct, timed problems
};

}  // namespace akgen::bench
