// One python interpreter that imported torch once and runs akgen_oracle modules in children forked
// from it (python/akgen_oracle/fork_server.py): a run costs a fork instead of an interpreter start
// and a torch import, seconds each. Each run is still its own process, as `python3 -m` would give.
#pragma once
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace akgen::bench {

struct OracleConfig;
struct PythonRun;

// The server process ended (or stopped answering) while it had a run to do; the run may be retried
// on a new server.
class OracleServerLost : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class OracleForkServer {
 public:
  // Starts `config.python -m akgen_oracle.fork_server` with the package on PYTHONPATH and waits
  // until it has imported torch. Throws OracleError when the interpreter cannot start or the server
  // dies before it is ready (the message holds what it printed).
  explicit OracleForkServer(const OracleConfig& config);
  ~OracleForkServer();
  OracleForkServer(const OracleForkServer&) = delete;
  OracleForkServer& operator=(const OracleForkServer&) = delete;

  // `python3 -m module arguments...` in the current directory, killed with its process group after
  // `timeout`; stdout and stderr are kept up to `outputCapBytes` each. Throws OracleServerLost.
  PythonRun Run(const std::string& module, const std::vector<std::string>& arguments,
                std::chrono::seconds timeout, std::size_t outputCapBytes);

 private:
  std::string ReadLine(std::chrono::steady_clock::time_point deadline);
  std::string LogTail() const;
  void Stop();

  pid_t pid_ = -1;
  int channel_ = -1;
  std::string pending_;              // bytes received after the last full line
  std::filesystem::path directory_;  // the server's log and each run's stdout and stderr files
};

}  // namespace akgen::bench
