// NPUKernelBench's "total score": Σ_level w_level · precision_pass_level / total_samples_level with
// w = 0.2, 0.3, 0.5 for levels 1, 2, 3, pooled over the level's (task, case) rows. As in
// NPUKernelBench, it is not renormalised when a level is absent, so a run of level 1 alone scores
// at most 0.2; `renormalised` divides by the weights of the levels present (comparable across
// subsets, but not NPUKernelBench's number).
#pragma once
#include <map>
#include <vector>

namespace akgen::bench {

struct LevelTally {
  int units = 0;
  int correct = 0;
};

struct BenchScore {
  double npuKernelBench = 0;
  double renormalised = 0;
  std::map<int, double> weights;      // of the levels present
  std::vector<int> unweightedLevels;  // present levels NPUKernelBench has no weight for (level4...)
};

double LevelWeight(int level);  // 0 for a level NPUKernelBench does not weigh

BenchScore ScoreLevels(const std::map<int, LevelTally>& levels);

}  // namespace akgen::bench
