// What one evaluation runs: one candidate on a list of cases. The shape mode decides how candidates
// and cases pair up, so the runner never needs to know the mode.
//
// Static: one unit per (sample, case). NPUKernelBench runs cases `case_id` 0 .. n_case-1 with
// n_case = 1 by default, so by default only case 0 runs; `--case N` picks case_id N (an id, not
// a row number: Muls has no case_id 12). A tree whose table lacks case_id 0 defaults to its first
// row instead. `--case all` gives every case its own unit. A static sample is generated for one
// case, so each (task, case) is a separate problem for pass@k.
// Dynamic: one unit per sample covering every case of the task, in file order.
// Extra cases (bench/task/extra_cases.h) join the unit of the listed case they were drawn from,
// after the listed cases; `--case` and `all` choose among listed cases only.
#pragma once
#include <string>
#include <vector>

#include "bench/task/candidate.h"
#include "bench/task/shape_mode.h"
#include "bench/task/task.h"

namespace akgen::bench {

// The static-mode `--case` choice.
struct CaseSelection {
  enum class Kind { Default, One, All };
  Kind kind = Kind::Default;
  int caseId = 0;  // for Kind::One

  static CaseSelection Default() { return {}; }
  static CaseSelection One(int caseId) { return {Kind::One, caseId}; }
  static CaseSelection All() { return {Kind::All, 0}; }
};

struct EvaluationUnit {
  const Task* task = nullptr;  // borrowed from the TaskTree, which outlives the units
  Candidate candidate;
  std::vector<int> caseIds;  // case_id values, in the task's file order
};

struct EvaluationPlan {
  std::vector<EvaluationUnit> units;
  std::string problem;  // non-empty when the selection names a case the task lacks
};

// The listed cases the plan would evaluate: the ones extra cases are drawn from.
std::vector<int> SelectedCaseIds(const Task& task, ShapeMode mode, CaseSelection selection);

EvaluationPlan PlanEvaluation(const Task& task, const std::vector<Candidate>& candidates, ShapeMode mode,
                              CaseSelection selection = CaseSelection::Default());

}  // namespace akgen::bench
