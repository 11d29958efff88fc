#include "cc_command.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace akgen {
namespace {

std::vector<std::string> Split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::stringstream stream(text);
  std::string part;
  while (std::getline(stream, part, separator)) {
    if (!part.empty()) parts.push_back(part);
  }
  return parts;
}

// Kernels need C++20 for std::source_location; samples often ask for -std=c++17.
bool IsLanguageStandard(const std::string& argument) { return argument.rfind("-std=", 0) == 0; }

bool LinksProgram(const std::vector<std::string>& arguments) {
  for (const std::string& argument : arguments) {
    if (argument == "-c" || argument == "-E" || argument == "-S" || argument == "-fsyntax-only") return false;
  }
  return true;
}

}  // namespace

// With the instrumentation through which the simulator charges the kernels' scalar work, as
// `akgen eval` builds them (host code in the same files is instrumented too, and charged nothing).
std::vector<std::string> SimulatorCompileFlags() {
  std::vector<std::string> flags = {"-std=c++20", "-I" AKGEN_SIM_INCLUDE_DIR};
  for (const std::string& definition : Split(AKGEN_KERNEL_DEFINITIONS, ',')) flags.push_back("-D" + definition);
  for (const std::string& flag : Split(AKGEN_KERNEL_INSTRUMENTATION, ',')) flags.push_back(flag);
  return flags;
}

std::vector<std::string> SimulatorLinkFlags() { return {AKGEN_SIM_LIBRARY}; }

int CompileWithSimulator(const std::vector<std::string>& userArguments) {
  const char* compiler = std::getenv("CXX");
  std::vector<std::string> command = {compiler && compiler[0] ? compiler : "g++"};
  for (const std::string& flag : SimulatorCompileFlags()) command.push_back(flag);
  for (const std::string& argument : userArguments) {
    if (!IsLanguageStandard(argument)) command.push_back(argument);
  }
  if (LinksProgram(userArguments)) {
    for (const std::string& flag : SimulatorLinkFlags()) command.push_back(flag);
  }
  std::vector<char*> argv;
  for (std::string& argument : command) argv.push_back(argument.data());
  argv.push_back(nullptr);
  const pid_t child = fork();
  if (child == 0) {
    execvp(argv[0], argv.data());
    std::perror(argv[0]);
    _exit(127);
  }
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) < 0) {
    std::perror("akgen cc");
    return 1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

}  // namespace akgen
