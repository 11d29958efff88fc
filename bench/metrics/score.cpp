#include "bench/metrics/score.h"

namespace akgen::bench {

double LevelWeight(int level) {
  switch (level) {
    case 1:
      return 0.2;
    case 2:
      return 0.3;
    case 3:
      return 0.5;
    default:
      return 0.0;
  }
}

BenchScore ScoreLevels(const std::map<int, LevelTally>& levels) {
  BenchScore score;
  double weightPresent = 0;
  for (const auto& [level, tally] : levels) {
    if (tally.units == 0) continue;
    const double weight = LevelWeight(level);
    if (weight == 0) score.unweightedLevels.push_back(level);
    score.weights[level] = weight;
    score.npuKernelBench += weight * tally.correct / tally.units;
    weightPresent += weight;
  }
  score.renormalised = weightPresent > 0 ? score.npuKernelBench / weightPresent : 0;
  return score;
}

}  // namespace akgen::bench
