// The command invocations of a CMake file, as far as the builder reads one (op_host_cmake.h): each
// command's name and its arguments, in order. Nothing is evaluated: variables, generator
// expressions and control flow stay text for the reader to understand or refuse.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace akgen::bench {

struct CmakeCommand {
  std::string name;  // lower case: CMake command names are case-insensitive
  std::vector<std::string> arguments;  // quoted ones without their quotes; `(` and `)` of a nested group as their own
  int line = 0;
};

struct CmakeCommands {
  std::vector<CmakeCommand> commands;
  std::string problem;  // non-empty: `line N: ...`, the first text not read; `commands` stops before it
};

// `#` comments are dropped, and so are lines starting with `//` where a command could begin: some
// NPUKernelBench answers carry such lines (which CMake itself rejects) where a `#` comment was
// meant. Escape sequences, bracket arguments and bracket comments are not read (a problem).
CmakeCommands ReadCmakeCommands(std::string_view text);

}  // namespace akgen::bench
