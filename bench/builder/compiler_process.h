// Runs the compiler or linker as a child process and keeps what it printed.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace akgen::bench {

struct CompilerRun {
  bool ok = false;
  std::string log;  // the command line, then stderr and stdout
  std::string standardOutput;  // stdout alone, for a tool whose output is data (nm)
};

// argv[0] is looked up on PATH. Throws std::runtime_error when the compiler cannot be started.
// For the harness's own compiler calls (e.g. --version), which read no candidate file.
CompilerRun RunCompiler(const std::vector<std::string>& argv, const std::filesystem::path& workingDirectory);

// Compiles or links candidate sources in the sandbox (bench/sandbox): the compiler writes only
// `workingDirectory` (handed to the sandbox user) and reads only the system, the simulator and
// `readablePaths`, so a candidate's #include or .incbin cannot reach golden outputs or reference
// answers. Throws std::runtime_error when the sandbox cannot start.
CompilerRun RunCandidateCompiler(const std::vector<std::string>& argv, const std::filesystem::path& workingDirectory,
                                 const std::vector<std::filesystem::path>& readablePaths);

}  // namespace akgen::bench
