// A failure of the oracle stage: the python reference could not run, or its files are unreadable.
// The message names the file (and line when known) at fault.
#pragma once
#include <stdexcept>

namespace akgen::bench {

class OracleError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The task's input generator fails on the case as it would on the NPU: every candidate alike, and a
// rerun cannot help (akgen_oracle's CaseCannotRun). Recorded as task_error, charged to no candidate.
class CaseCannotRun : public OracleError {
 public:
  using OracleError::OracleError;
};

}  // namespace akgen::bench
