// The outcome of `akgen craft tune` as the command prints it: the knobs at the program's values and
// at the best candidate's, the simulated time of both on every case (and the task's hand-written
// answer's, for scale), their geometric means and the speedup.
#pragma once
#include <string>

#include "bench/task/task.h"
#include "craft/tune/tune.h"

namespace akgen::craft {

// `result` has a program and a best record (no diagnostics).
std::string TuneTable(const TuneResult& result, const bench::Task& task);

}  // namespace akgen::craft
