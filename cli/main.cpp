// akgen: the command line of AscendKernelGen, a thin layer over the libraries.
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cc_command.h"

namespace {

void PrintJoined(const std::vector<std::string>& parts) {
  for (size_t i = 0; i < parts.size(); ++i) std::cout << (i ? " " : "") << parts[i];
  std::cout << '\n';
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"akgen: generate, check and measure AscendC kernels on a CPU simulator"};
  app.require_subcommand(1);

  CLI::App* cc = app.add_subcommand("cc", "compile and link AscendC sources against the simulator (g++ arguments)");
  cc->prefix_command();

  CLI::App* config = app.add_subcommand("config", "print the flags that build against the simulator");
  bool cflags = false;
  bool libs = false;
  config->add_flag("--cflags", cflags, "compile flags");
  config->add_flag("--libs", libs, "link flags");

  CLI11_PARSE(app, argc, argv);

  if (cc->parsed()) {
    if (cc->remaining().empty()) {
      std::cerr << "akgen cc: no input files; usage: akgen cc -o prog main.cpp kernel.cpp [g++ flags]\n";
      return 2;
    }
    return akgen::CompileWithSimulator(cc->remaining());
  }
  if (!cflags && !libs) cflags = libs = true;
  std::vector<std::string> flags;
  if (cflags) flags = akgen::SimulatorCompileFlags();
  if (libs) {
    for (const std::string& flag : akgen::SimulatorLinkFlags()) flags.push_back(flag);
  }
  PrintJoined(flags);
  return 0;
}
