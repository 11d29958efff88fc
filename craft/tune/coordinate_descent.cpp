#include "craft/tune/coordinate_descent.h"

#include <optional>

namespace akgen::craft {
namespace {

class Descent {
 public:
  Descent(const std::vector<size_t>& ladderSizes, CandidateScorer& scorer, const KnobSetting& start, double startCost)
      : sizes_(ladderSizes), scorer_(scorer), outcome_{start, startCost, false} {}

  SearchOutcome Run() {
    for (bool gained = true; gained && !outcome_.budgetSpent;) {
      gained = false;
      for (size_t knob = 0; knob < sizes_.size() && !outcome_.budgetSpent; ++knob) gained = ImproveKnob(knob) || gained;
    }
    return outcome_;
  }

 private:
  // The setting one step from the best along `knob`, if the ladder goes that far.
  std::optional<KnobSetting> Step(size_t knob, int direction) const {
    const size_t index = outcome_.best[knob];
    if ((direction < 0 && index == 0) || (direction > 0 && index + 1 >= sizes_[knob])) return std::nullopt;
    KnobSetting next = outcome_.best;
    next[knob] = direction < 0 ? index - 1 : index + 1;
    return next;
  }

  // True when `score` replaced the best.
  bool Take(const KnobSetting& setting, const CandidateScore& score) {
    if (score.status == CandidateStatus::OverBudget) outcome_.budgetSpent = true;
    if (score.status != CandidateStatus::Scored || score.cost >= outcome_.cost) return false;
    outcome_.best = setting;
    outcome_.cost = score.cost;
    return true;
  }

  bool ImproveKnob(size_t knob) {
    std::vector<KnobSetting> neighbours;
    std::vector<int> directions;
    for (int direction : {-1, 1}) {
      if (std::optional<KnobSetting> next = Step(knob, direction)) {
        neighbours.push_back(*next);
        directions.push_back(direction);
      }
    }
    if (neighbours.empty()) return false;
    const std::vector<CandidateScore> scores = scorer_.Score(neighbours);
    std::optional<size_t> better;
    for (size_t i = 0; i < scores.size(); ++i) {
      if (scores[i].status == CandidateStatus::OverBudget) outcome_.budgetSpent = true;
      const double bar = better ? scores[*better].cost : outcome_.cost;
      if (scores[i].status == CandidateStatus::Scored && scores[i].cost < bar) better = i;
    }
    if (!better) return false;
    Take(neighbours[*better], scores[*better]);
    const int direction = directions[*better];
    while (!outcome_.budgetSpent) {
      const std::optional<KnobSetting> next = Step(knob, direction);
      if (!next || !Take(*next, scorer_.Score({*next}).at(0))) break;
    }
    return true;
  }

  const std::vector<size_t>& sizes_;
  CandidateScorer& scorer_;
  SearchOutcome outcome_;
};

}  // namespace

SearchOutcome CoordinateDescent(const std::vector<size_t>& ladderSizes, const KnobSetting& start, double startCost,
                                CandidateScorer& scorer) {
  return Descent(ladderSizes, scorer, start, startCost).Run();
}

}  // namespace akgen::craft
