// `akgen cc` and `akgen config`: compiling AscendC sources against the simulator.
#pragma once
#include <string>
#include <vector>

namespace akgen {

// Flags that compile kernel and host sources against the simulator headers.
std::vector<std::string> SimulatorCompileFlags();
// Flags that link the simulator runtime.
std::vector<std::string> SimulatorLinkFlags();
// Runs g++ (or $CXX) on the user's arguments with the simulator flags; returns its exit status.
int CompileWithSimulator(const std::vector<std::string>& userArguments);

}  // namespace akgen
