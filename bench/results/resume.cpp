#include "bench/results/resume.h"

namespace akgen::bench {

std::vector<EvaluationUnit> RemainingUnits(const std::vector<EvaluationUnit>& units, const ResultsStore& store) {
  std::vector<EvaluationUnit> remaining;
  for (const EvaluationUnit& unit : units) {
    EvaluationUnit rest{unit.task, unit.candidate, {}};
    for (int caseId : unit.caseIds) {
      if (!store.IsDone({unit.task->Key(), unit.candidate.sample, caseId})) rest.caseIds.push_back(caseId);
    }
    if (!rest.caseIds.empty()) remaining.push_back(std::move(rest));
  }
  return remaining;
}

}  // namespace akgen::bench
