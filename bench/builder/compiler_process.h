// Runs the compiler or linker as a child process and keeps what it printed.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace akgen::bench {

struct CompilerRun {
  bool ok = false;
  std::string log;  // the command line, then stderr and stdout
};

// argv[0] is looked up on PATH. Throws std::runtime_error when the compiler cannot be started.
CompilerRun RunCompiler(const std::vector<std::string>& argv, const std::filesystem::path& workingDirectory);

}  // namespace akgen::bench
