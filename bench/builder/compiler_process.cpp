#include "bench/builder/compiler_process.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "bench/sandbox/contained_process.h"

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

}  // namespace

CompilerRun RunCompiler(const std::vector<std::string>& argv, const fs::path& workingDirectory) {
  ContainedLaunch launch;
  launch.argv = argv;
  launch.argv[0] = FindOnPath(argv[0]).string();
  launch.environment = HostEnvironment();
  launch.workingDirectory = workingDirectory;
  launch.limits.wallSeconds = 600;  // a pathological template instantiation, not a normal compile
  launch.limits.cpuSeconds = 600;
  launch.limits.addressSpaceBytes = 8ull << 30;
  launch.limits.processes = 4096;  // counted for the harness's own user
  const ContainedExit exit = RunContained(launch);
  CompilerRun run;
  for (const std::string& argument : argv) run.log += argument + " ";
  run.log += "\n" + exit.standardError.text + exit.standardOutput.text;
  if (exit.timedOut) run.log += "\ncompiler killed after " + std::to_string(launch.limits.wallSeconds) + " s\n";
  run.ok = !exit.timedOut && WIFEXITED(exit.waitStatus) && WEXITSTATUS(exit.waitStatus) == 0;
  return run;
}

}  // namespace akgen::bench
