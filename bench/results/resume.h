// Resuming a killed run: the units still to do are the planned ones minus the (sample, case)
// pairs that already have a record. A dynamic unit keeps only its unfinished cases.
#pragma once
#include <vector>

#include "bench/results/results_store.h"
#include "bench/task/evaluation_unit.h"

namespace akgen::bench {

std::vector<EvaluationUnit> RemainingUnits(const std::vector<EvaluationUnit>& units, const ResultsStore& store);

}  // namespace akgen::bench
