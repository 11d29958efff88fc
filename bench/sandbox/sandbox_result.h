// What a sandboxed run did, and the class the harness gives it.
#pragma once
#include <optional>
#include <string>

namespace akgen::bench {

// One captured output stream, cut at the policy's cap.
struct CapturedOutput {
  std::string text;
  bool truncated = false;
};

struct SandboxResult {
  std::optional<int> exitCode;  // set when the program exited
  std::optional<int> signal;    // set when a signal killed it
  bool timedOut = false;        // the wall-clock limit expired and the harness killed the sandbox
  bool cpuLimitReached = false; // RLIMIT_CPU ended it (SIGXCPU, or SIGKILL at the hard limit)
  double wallSeconds = 0;
  // User + system time and the largest resident set of the program and its children. Known only
  // without bubblewrap: bubblewrap exits without reaping its PID namespace's init, so the
  // program's usage never reaches the harness.
  std::optional<double> cpuSeconds;
  std::optional<long> peakRssKiB;
  CapturedOutput standardOutput;
  CapturedOutput standardError;
};

enum class SandboxVerdict { Ok, Error, Crash, Timeout };

struct SandboxClassification {
  SandboxVerdict verdict;
  std::string detail;  // e.g. "SIGSEGV", "exit code 2", "CPU time limit"
};

// exit 0 → Ok; another exit code → Error (the caller tells sim_error from crash by parsing the
// output); a signal → Crash (SIGXFSZ: "file size limit"); wall-clock or CPU limit → Timeout.
SandboxClassification Classify(const SandboxResult& result);

// "SIGSEGV" for SIGSEGV; "signal 42" when the number has no name.
std::string SignalName(int signal);

const char* VerdictName(SandboxVerdict verdict);

}  // namespace akgen::bench
