// The one line of a failed record that says why it failed, for the fidelity check's list of
// regressions: a record's `details.detail` can be a whole compiler log that starts with the g++
// command line, so the line is its first error (bench/eval/failure_summary.h), else the comparison's
// `details.reason`, else the simulator's `details.diagnostic_kind`, else the largest error of a
// wrong answer; prefixed with the diagnostic kind when the line does not name it.
#pragma once
#include <cstddef>
#include <string>

#include "bench/results/result_record.h"

namespace akgen::bench {

inline constexpr size_t kDiagnosticLineLimit = 200;

// One line without leading or trailing blanks, cut to about kDiagnosticLineLimit bytes (never inside
// a UTF-8 character); "" when the record explains nothing.
std::string FirstDiagnosticLine(const ResultRecord& record);

}  // namespace akgen::bench
