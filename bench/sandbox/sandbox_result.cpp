#include "bench/sandbox/sandbox_result.h"

#include <csignal>
#include <cstring>

namespace akgen::bench {

std::string SignalName(int signal) {
  const char* abbreviation = sigabbrev_np(signal);
  return abbreviation ? std::string("SIG") + abbreviation : "signal " + std::to_string(signal);
}

SandboxClassification Classify(const SandboxResult& result) {
  if (result.timedOut) return {SandboxVerdict::Timeout, "wall-clock time limit"};
  if (result.cpuLimitReached) return {SandboxVerdict::Timeout, "CPU time limit"};
  if (result.signal) {
    if (*result.signal == SIGXFSZ) return {SandboxVerdict::Crash, "SIGXFSZ (file size limit)"};
    return {SandboxVerdict::Crash, SignalName(*result.signal)};
  }
  if (result.exitCode == 0) return {SandboxVerdict::Ok, ""};
  return {SandboxVerdict::Error, "exit code " + std::to_string(result.exitCode.value_or(-1))};
}

const char* VerdictName(SandboxVerdict verdict) {
  switch (verdict) {
    case SandboxVerdict::Ok: return "ok";
    case SandboxVerdict::Error: return "error";
    case SandboxVerdict::Crash: return "crash";
    case SandboxVerdict::Timeout: return "timeout";
  }
  return "unknown";
}

}  // namespace akgen::bench
