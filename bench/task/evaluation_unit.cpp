#include "bench/task/evaluation_unit.h"

#include <algorithm>

namespace akgen::bench {
namespace {

std::vector<int> ListedCaseIds(const Task& task) {
  std::vector<int> ids;
  for (const TestCase& testCase : task.cases)
    if (!testCase.extra) ids.push_back(testCase.id);
  return ids;
}

std::string CaseIdList(const Task& task) {
  std::string list;
  for (int id : ListedCaseIds(task)) list += (list.empty() ? "" : ", ") + std::to_string(id);
  return list;
}

// The case ids that get a unit each in static mode, or a problem.
std::vector<int> StaticCaseIds(const Task& task, CaseSelection selection, std::string& problem) {
  switch (selection.kind) {
    case CaseSelection::Kind::All:
      return ListedCaseIds(task);
    case CaseSelection::Kind::Default:
      if (task.cases.empty()) return {};
      return {task.FindCase(0) ? 0 : task.cases.front().id};
    case CaseSelection::Kind::One:
      if (const TestCase* testCase = task.FindCase(selection.caseId); testCase && !testCase->extra)
        return {selection.caseId};
      problem = task.files.testCases.string() + ": no case_id " + std::to_string(selection.caseId) + " in " +
                task.Key() + " (its cases: " + CaseIdList(task) + "); pick one of those with --case";
      return {};
  }
  return {};
}

// The listed cases of one unit followed by the extra cases drawn from them.
std::vector<int> WithExtraCases(const Task& task, std::vector<int> caseIds) {
  const std::vector<int> listed = caseIds;
  for (const TestCase& testCase : task.cases)
    if (testCase.extra && std::find(listed.begin(), listed.end(), testCase.extra->listedCaseId) != listed.end())
      caseIds.push_back(testCase.id);
  return caseIds;
}

}  // namespace

std::vector<int> SelectedCaseIds(const Task& task, ShapeMode mode, CaseSelection selection) {
  std::string problem;
  return mode == ShapeMode::Dynamic ? ListedCaseIds(task) : StaticCaseIds(task, selection, problem);
}

EvaluationPlan PlanEvaluation(const Task& task, const std::vector<Candidate>& candidates, ShapeMode mode,
                              CaseSelection selection) {
  EvaluationPlan plan;
  if (mode == ShapeMode::Dynamic) {
    for (const Candidate& candidate : candidates)
      plan.units.push_back({&task, candidate, WithExtraCases(task, ListedCaseIds(task))});
    return plan;
  }
  const std::vector<int> caseIds = StaticCaseIds(task, selection, plan.problem);
  for (const Candidate& candidate : candidates) {
    for (int caseId : caseIds) plan.units.push_back({&task, candidate, WithExtraCases(task, {caseId})});
  }
  return plan;
}

}  // namespace akgen::bench
