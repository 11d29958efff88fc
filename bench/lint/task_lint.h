// `akgen tasks --lint`: checks the quality of tasks, as a task author or benchmark user would want
// before trusting a score. Duplicate cases are found here; the checks that need the task's own
// python (columns never read, inputs that cannot be generated, outputs that ignore a column the
// cases vary, checks looser than the output dtype needs) run in akgen_oracle.lint with the
// oracle's interpreter. Only task code runs, never a candidate or an answer.
#pragma once
#include <vector>

#include "bench/lint/lint_finding.h"
#include "bench/oracle/oracle.h"
#include "bench/task/task.h"

namespace akgen::bench {

// Findings in task order. config.timeout bounds each task's python. Throws OracleError when the
// python cannot run at all (no interpreter, no torch).
std::vector<LintFinding> LintTasks(const OracleConfig& config, const std::vector<const Task*>& tasks);

}  // namespace akgen::bench
