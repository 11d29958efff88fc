// Cases of test_cases.csv that repeat an earlier case in every column but case_id: they cost
// evaluation time and weigh that case twice in a dynamic-mode verdict, but test nothing new.
#pragma once
#include <vector>

#include "bench/lint/lint_finding.h"
#include "bench/task/task.h"

namespace akgen::bench {

// Values are compared without their spaces, so `[8, 16]` repeats `[8,16]`.
std::vector<LintFinding> FindDuplicateCases(const Task& task);

}  // namespace akgen::bench
