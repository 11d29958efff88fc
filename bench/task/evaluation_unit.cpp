#include "bench/task/evaluation_unit.h"

namespace akgen::bench {
namespace {

std::vector<int> AllCaseIds(const Task& task) {
  std::vector<int> ids;
  for (const TestCase& testCase : task.cases) ids.push_back(testCase.id);
  return ids;
}

std::string CaseIdList(const Task& task) {
  std::string list;
  for (const TestCase& testCase : task.cases) list += (list.empty() ? "" : ", ") + std::to_string(testCase.id);
  return list;
}

// The case ids that get a unit each in static mode, or a problem.
std::vector<int> StaticCaseIds(const Task& task, CaseSelection selection, std::string& problem) {
  switch (selection.kind) {
    case CaseSelection::Kind::All:
      return AllCaseIds(task);
    case CaseSelection::Kind::Default:
      if (task.cases.empty()) return {};
      return {task.FindCase(0) ? 0 : task.cases.front().id};
    case CaseSelection::Kind::One:
      if (task.FindCase(selection.caseId)) return {selection.caseId};
      problem = task.files.testCases.string() + ": no case_id " + std::to_string(selection.caseId) + " in " +
                task.Key() + " (its cases: " + CaseIdList(task) + "); pick one of those with --case";
      return {};
  }
  return {};
}

}  // namespace

EvaluationPlan PlanEvaluation(const Task& task, const std::vector<Candidate>& candidates, ShapeMode mode,
                              CaseSelection selection) {
  EvaluationPlan plan;
  if (mode == ShapeMode::Dynamic) {
    for (const Candidate& candidate : candidates) plan.units.push_back({&task, candidate, AllCaseIds(task)});
    return plan;
  }
  const std::vector<int> caseIds = StaticCaseIds(task, selection, plan.problem);
  for (const Candidate& candidate : candidates) {
    for (int caseId : caseIds) plan.units.push_back({&task, candidate, {caseId}});
  }
  return plan;
}

}  // namespace akgen::bench
