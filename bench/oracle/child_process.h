// Runs a program in a child process and collects its exit status and output, with a wall-clock limit.
#pragma once
#include <chrono>
#include <string>
#include <vector>

namespace akgen::bench {

struct ChildResult {
  int exitCode = -1;  // -1 when the child was killed by a signal
  int signal = 0;
  bool timedOut = false;
  std::string out;
  std::string err;

  bool Succeeded() const { return exitCode == 0 && !timedOut; }
};

// argv[0] is the program's path. environmentOverrides are "NAME=value" entries that replace or
// extend this process's environment. The child runs in its own process group, which is killed
// when the timeout expires. Throws OracleError when the program cannot be started.
ChildResult RunChild(const std::vector<std::string>& argv, const std::vector<std::string>& environmentOverrides,
                     std::chrono::milliseconds timeout);

}  // namespace akgen::bench
