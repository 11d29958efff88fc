// The search on cost functions whose minimum is known: it walks each knob to the minimum along it,
// treats rejected candidates as walls, keeps ties at the start, asks for both neighbours of a knob
// at once, and stops when the scorer's budget is spent.
#include "craft/tune/coordinate_descent.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <set>

namespace akgen::craft {
namespace {

// Scores settings by a cost function; a setting the function rejects scores Rejected. Counts the
// distinct settings it scored, and refuses new ones past `budget`.
class FunctionScorer : public CandidateScorer {
 public:
  FunctionScorer(std::function<std::optional<double>(const KnobSetting&)> cost, size_t budget)
      : cost_(std::move(cost)), budget_(budget) {}

  std::vector<CandidateScore> Score(const std::vector<KnobSetting>& settings) override {
    batches.push_back(settings.size());
    std::vector<CandidateScore> scores;
    for (const KnobSetting& setting : settings) {
      if (!scored.count(setting) && scored.size() >= budget_) {
        scores.push_back({CandidateStatus::OverBudget, 0});
        continue;
      }
      scored.insert(setting);
      const std::optional<double> cost = cost_(setting);
      scores.push_back(cost ? CandidateScore{CandidateStatus::Scored, *cost}
                            : CandidateScore{CandidateStatus::Rejected, 0});
    }
    return scores;
  }

  std::set<KnobSetting> scored;
  std::vector<size_t> batches;

 private:
  std::function<std::optional<double>(const KnobSetting&)> cost_;
  size_t budget_;
};

// A separable bowl with its minimum at (7, 2, 0).
std::optional<double> Bowl(const KnobSetting& s) {
  const double a = double(s[0]) - 7, b = double(s[1]) - 2, c = double(s[2]);
  return 1 + a * a + 2 * b * b + c * c;
}

TEST(CraftTuneSearch, FindsTheMinimumOfASeparableCost) {
  FunctionScorer scorer(Bowl, 1000);
  const KnobSetting start = {3, 5, 1};
  const SearchOutcome outcome = CoordinateDescent({12, 6, 4}, start, *Bowl(start), scorer);
  EXPECT_EQ(outcome.best, (KnobSetting{7, 2, 0}));
  EXPECT_EQ(outcome.cost, 1);
  EXPECT_FALSE(outcome.budgetSpent);
  EXPECT_EQ(scorer.batches[0], 2u) << "both neighbours of the first knob in one batch";
  EXPECT_LT(scorer.scored.size(), 12u * 6 * 4 / 4) << "no enumeration of the product";
}

TEST(CraftTuneSearch, ARejectedCandidateIsAWall) {
  // Knob 0 would gain up to index 9, but index 6 and above are rejected (as a UB budget would).
  const auto cost = [](const KnobSetting& s) -> std::optional<double> {
    if (s[0] >= 6) return std::nullopt;
    return 100.0 - double(s[0]);
  };
  FunctionScorer scorer(cost, 1000);
  const SearchOutcome outcome = CoordinateDescent({10}, {2}, *cost({2}), scorer);
  EXPECT_EQ(outcome.best, (KnobSetting{5}));
  EXPECT_EQ(scorer.scored.count(KnobSetting{7}), 0u) << "no step past the wall";
}

TEST(CraftTuneSearch, TiesKeepTheStart) {
  const auto flat = [](const KnobSetting&) -> std::optional<double> { return 5.0; };
  FunctionScorer scorer(flat, 1000);
  const SearchOutcome outcome = CoordinateDescent({4, 4}, {1, 2}, 5.0, scorer);
  EXPECT_EQ(outcome.best, (KnobSetting{1, 2}));
  EXPECT_EQ(scorer.scored.size(), 4u) << "the two neighbours of each knob, once";
}

TEST(CraftTuneSearch, StopsWhenTheBudgetIsSpent) {
  FunctionScorer scorer(Bowl, 3);
  const KnobSetting start = {0, 0, 0};
  const SearchOutcome outcome = CoordinateDescent({12, 6, 4}, start, *Bowl(start), scorer);
  EXPECT_TRUE(outcome.budgetSpent);
  EXPECT_EQ(scorer.scored.size(), 3u);
  EXPECT_EQ(outcome.best, (KnobSetting{3, 0, 0})) << "the best of what the budget allowed";
  EXPECT_EQ(outcome.cost, *Bowl({3, 0, 0}));
}

}  // namespace
}  // namespace akgen::craft
