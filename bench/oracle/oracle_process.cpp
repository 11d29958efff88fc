#include "bench/oracle/oracle_process.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "bench/common/environment_fault.h"
#include "bench/oracle/oracle_error.h"
#include "bench/sandbox/contained_process.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kMessagePrefix = "akgen_oracle: ";
constexpr int kMachineFaultStatus = 4;  // akgen_oracle.task_files.MACHINE_FAULT_STATUS
constexpr std::string_view kMachineFaultPrefix = "akgen_oracle machine fault: ";
constexpr size_t kTracebackLines = 15;

fs::path ResolveProgram(const fs::path& program) {
  if (program.has_parent_path()) return program;
  const char* path = std::getenv("PATH");
  std::istringstream directories(path ? path : "");
  for (std::string directory; std::getline(directories, directory, ':');) {
    const fs::path candidate = fs::path(directory) / program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return program;
}

std::vector<std::string> EnvironmentWith(std::vector<std::string> overrides) {
  std::vector<std::string> environment;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    const std::string_view variable(*entry);
    const std::string_view name = variable.substr(0, variable.find('='));
    const bool overridden = std::ranges::any_of(overrides, [&](const std::string& value) {
      return value.starts_with(name) && value.size() > name.size() && value[name.size()] == '=';
    });
    if (!overridden) environment.emplace_back(variable);
  }
  environment.insert(environment.end(), overrides.begin(), overrides.end());
  return environment;
}

}  // namespace

PythonRun RunOracleModule(const OracleConfig& config, const std::string& module, std::vector<std::string> arguments) {
  if (!fs::exists(config.packageDir / "akgen_oracle" / "oracle.py"))
    throw OracleError(
        "'" + config.packageDir.string() +
        "' holds no akgen_oracle package; point OracleConfig::packageDir at the repository's python/ folder");
  ContainedLaunch launch;
  launch.argv = {ResolveProgram(config.python).string(), "-m", module};
  launch.argv.insert(launch.argv.end(), arguments.begin(), arguments.end());
  launch.environment = EnvironmentWith({"PYTHONPATH=" + config.packageDir.string(), "PYTHONDONTWRITEBYTECODE=1"});
  launch.workingDirectory = fs::current_path();
  launch.limits = {double(config.timeout.count()), 1u << 30, ~0ull, ~0ull, 1u << 20};
  launch.outputCapBytes = 16u << 20;
  ContainedExit exit;
  try {
    exit = RunContained(launch);
  } catch (const std::runtime_error& error) {
    throw OracleError("cannot start " + config.python.string() + " for the oracle: " + error.what() +
                      "; set AKGEN_PYTHON to a python3 with torch (Debian: /usr/bin/python3 with python3-torch)");
  }
  PythonRun run;
  run.timedOut = exit.timedOut;
  if (WIFEXITED(exit.waitStatus)) run.exitCode = WEXITSTATUS(exit.waitStatus);
  if (WIFSIGNALED(exit.waitStatus)) run.signal = WTERMSIG(exit.waitStatus);
  run.out = std::move(exit.standardOutput.text);
  run.err = std::move(exit.standardError.text);
  const size_t fault = run.err.find(kMachineFaultPrefix);
  if (run.exitCode == kMachineFaultStatus && fault != std::string::npos) {
    std::string message = run.err.substr(fault + kMachineFaultPrefix.size());
    message = message.substr(0, message.find('\n'));
    throw EnvironmentFault("the oracle (python -m " + module + ") failed on this machine: " + message +
                           "; free space or fix the filesystem, then rerun with the same --out to resume");
  }
  return run;
}

// The diagnosis may span lines, e.g. compiler errors.
std::string Diagnosis(const std::string& err) {
  const size_t start = err.starts_with(kMessagePrefix) ? 0 : err.find("\n" + std::string(kMessagePrefix));
  if (start != std::string::npos) {
    std::string message = err.substr(err.find(kMessagePrefix, start) + kMessagePrefix.size());
    return message.substr(0, message.find_last_not_of('\n') + 1);
  }
  std::istringstream lines(err);
  std::vector<std::string> all;
  for (std::string line; std::getline(lines, line);) all.push_back(line);
  std::string tail;
  for (size_t i = all.size() > kTracebackLines ? all.size() - kTracebackLines : 0; i < all.size(); ++i)
    tail += "\n  " + all[i];
  return "python failed:" + (tail.empty() ? std::string(" (no output)") : tail);
}

}  // namespace akgen::bench
