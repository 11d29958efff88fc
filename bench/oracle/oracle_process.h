// One run of an akgen_oracle python module (`python3 -m akgen_oracle.<module>`) with the oracle's
// interpreter and package folder, forked from a pooled server that imported torch once
// (oracle_fork_server.h). The reference code it runs is trusted benchmark content, so it runs
// without the sandbox's limits; only the wall-clock limit and the process-group kill apply.
#pragma once
#include <string>
#include <vector>

#include "bench/oracle/oracle.h"

namespace akgen::bench {

struct PythonRun {
  int exitCode = -1;  // -1 when killed by a signal
  int signal = 0;
  bool timedOut = false;
  std::string out;
  std::string err;
  bool Succeeded() const { return exitCode == 0 && !timedOut; }
};

// Runs for at most config.timeout. Throws OracleError when config.packageDir holds no akgen_oracle
// package or the interpreter cannot start, EnvironmentFault when the module reports a machine fault
// (a full disk while writing golden files, say).
PythonRun RunOracleModule(const OracleConfig& config, const std::string& module, std::vector<std::string> arguments);

// The oracle's own diagnosis (`akgen_oracle: ...` on stderr) when it gave one, else the end of the
// python traceback.
std::string Diagnosis(const std::string& err);

}  // namespace akgen::bench
