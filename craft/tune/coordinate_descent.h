// The search of `akgen craft tune`. The knobs form a product space too large to enumerate (a dozen
// tile lengths × ten core caps × four depths per buffer), and each candidate costs a build and a
// simulated run per case, so the search moves one knob at a time: from the best setting so far it
// tries the knob's two neighbouring values, keeps walking in the direction that gains while it
// keeps gaining, then moves on to the next knob; rounds over all knobs repeat until one gains
// nothing, or the scorer's budget runs out. Only a strictly lower cost replaces the best, so ties
// keep the program's own values.
#pragma once
#include <cstddef>
#include <vector>

#include "craft/tune/rewrite.h"

namespace akgen::craft {

enum class CandidateStatus {
  Scored,      // cost holds its cost
  Rejected,    // not a valid candidate (fails the checker or a case): never the best
  OverBudget,  // not evaluated: the scorer's budget is spent
};

struct CandidateScore {
  CandidateStatus status = CandidateStatus::Rejected;
  double cost = 0;
};

class CandidateScorer {
 public:
  virtual ~CandidateScorer() = default;
  // One score per setting, in order. Settings that can be evaluated together are passed together.
  virtual std::vector<CandidateScore> Score(const std::vector<KnobSetting>& settings) = 0;
};

struct SearchOutcome {
  KnobSetting best;
  double cost = 0;
  bool budgetSpent = false;  // the search stopped because the scorer's budget ran out
};

// `ladderSizes[k]` is the number of values of knob k; `start` (one index per knob) costs `startCost`.
SearchOutcome CoordinateDescent(const std::vector<size_t>& ladderSizes, const KnobSetting& start, double startCost,
                                CandidateScorer& scorer);

}  // namespace akgen::craft
