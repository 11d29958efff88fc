#include "bench/builder/compiler_process.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "bench/sandbox/contained_process.h"
#include "bench/sandbox/sandbox.h"

extern char** environ;

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

fs::path FindOnPath(const std::string& program) {
  if (program.find('/') != std::string::npos) return program;
  const char* path = std::getenv("PATH");
  std::stringstream directories(path ? path : "/usr/bin:/bin");
  std::string directory;
  while (std::getline(directories, directory, ':')) {
    const fs::path candidate = fs::path(directory) / program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  throw std::runtime_error("compiler '" + program + "' is not on PATH: install g++ or set CXX");
}

std::vector<std::string> HostEnvironment() {
  std::vector<std::string> environment;
  for (char** variable = environ; *variable; ++variable) environment.emplace_back(*variable);
  return environment;
}

// Generous: a pathological template instantiation, not a normal compile, reaches these.
constexpr double kCompileSeconds = 600;
constexpr std::uint64_t kCompileAddressSpace = 8ull << 30;

CompilerRun Finished(const std::vector<std::string>& argv, bool exitedZero, bool timedOut, const std::string& standardError,
                     const std::string& standardOutput) {
  CompilerRun run;
  for (const std::string& argument : argv) run.log += argument + " ";
  run.log += "\n" + standardError + standardOutput;
  run.standardOutput = standardOutput;
  if (timedOut) run.log += "\ncompiler killed after " + std::to_string(static_cast<int>(kCompileSeconds)) + " s\n";
  run.ok = exitedZero && !timedOut;
  return run;
}

}  // namespace

CompilerRun RunCompiler(const std::vector<std::string>& argv, const fs::path& workingDirectory) {
  ContainedLaunch launch;
  launch.argv = argv;
  launch.argv[0] = FindOnPath(argv[0]).string();
  launch.environment = HostEnvironment();
  launch.workingDirectory = workingDirectory;
  launch.limits.wallSeconds = kCompileSeconds;
  launch.limits.cpuSeconds = static_cast<unsigned>(kCompileSeconds);
  launch.limits.addressSpaceBytes = kCompileAddressSpace;
  launch.limits.processes = 4096;  // counted for the harness's own user
  const ContainedExit exit = RunContained(launch);
  return Finished(argv, WIFEXITED(exit.waitStatus) && WEXITSTATUS(exit.waitStatus) == 0, exit.timedOut,
                  exit.standardError.text, exit.standardOutput.text);
}

CompilerRun RunCandidateCompiler(const std::vector<std::string>& argv, const fs::path& workingDirectory,
                                 const std::vector<fs::path>& readablePaths) {
  SandboxPolicy policy;
  policy.workDirectory = workingDirectory;
  policy.readOnlyPaths = readablePaths;
  policy.limits.wallSeconds = kCompileSeconds;
  policy.limits.cpuSeconds = static_cast<unsigned>(kCompileSeconds);
  policy.limits.addressSpaceBytes = kCompileAddressSpace;
  policy.tmpBytes = 512u << 20;  // g++'s temporary assembly of a large kernel
  policy.outputCapBytes = 4u << 20;
  const std::vector<std::string> arguments(argv.begin() + 1, argv.end());
  const SandboxResult result = RunInSandbox(policy, FindOnPath(argv[0]), arguments);
  return Finished(argv, result.exitCode == 0, result.timedOut || result.cpuLimitReached,
                  result.standardError.text, result.standardOutput.text);
}

}  // namespace akgen::bench
