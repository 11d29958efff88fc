// What the console shows of a failed unit: the detail a record keeps is long (a compiler log starts
// with the whole g++ command line), so the progress line shows the lines that say what went wrong.
#pragma once
#include <string>

#include "bench/results/verdict.h"

namespace akgen::bench {

// A compiler's first `error:` lines (at most three), a simulator diagnostic's error line, or else the
// detail's first non-empty line.
std::string FailureSummary(Verdict verdict, const std::string& detail);

}  // namespace akgen::bench
