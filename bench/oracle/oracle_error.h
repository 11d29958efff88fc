// A failure of the oracle stage: the python reference could not run, or its files are unreadable.
// The message names the file (and line when known) at fault.
#pragma once
#include <stdexcept>

namespace akgen::bench {

class OracleError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace akgen::bench
