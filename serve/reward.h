// The reward `akgen serve` gives a judged candidate, for trainers that learn from execution
// (docs/rl.md argues the defaults). With c = compiled, k = every case correct (extra cases too),
// s = the candidate's speedup over the baseline (the geometric mean over its cases):
//
//   reward = compile·c + correct·k + speed·k·clamp(log2(s) / log2(speedupCap), 0, 1)
//            − hardcodePenalty·[every listed case passed but an extra case failed]
//
// Speed counts on a log scale, as speedups compose and the benchmark's mean is geometric; a
// correct candidate slower than the baseline keeps its correctness credit. A candidate that passes
// the listed cases and fails cases drawn like them has learnt the cases, not the op: it scores below
// any honest failure.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>

#include "bench/metrics/speedup.h"
#include "bench/metrics/unit_outcome.h"

namespace akgen::serve {

struct RewardWeights {
  double compile = 0.1;
  double correct = 0.3;
  double speed = 1.0;
  double speedupCap = 4.0;  // the speedup that earns the whole speed weight; above 1
  double hardcodePenalty = 0.5;
  bench::Baseline baseline = bench::Baseline::Eager;
};

struct Reward {
  double total = 0;
  double compileTerm = 0;
  double correctTerm = 0;
  double speedTerm = 0;
  double penalty = 0;
  std::optional<double> speedup;  // against weights.baseline; for correct candidates with a time
};

Reward ComputeReward(const bench::UnitOutcome& unit, const RewardWeights& weights);

// The weights a JSON object gives (any subset of compile, correct, speed, speedup_cap,
// hardcode_penalty, baseline), over `defaults`. Throws std::invalid_argument naming the field and
// what it must be.
RewardWeights RewardWeightsFromJson(const nlohmann::json& json, RewardWeights defaults = {});
nlohmann::ordered_json ToJson(const RewardWeights& weights);
nlohmann::ordered_json ToJson(const Reward& reward);

}  // namespace akgen::serve
