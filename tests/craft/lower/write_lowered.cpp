// craft_lower_write PROGRAM DIR: lowers a craft program and writes its AscendC sources under DIR
// (op_host/..., op_kernel/...), for the end-to-end tests that run them on the simulator.
#include <fstream>
#include <iostream>

#include "lowered_program.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: craft_lower_write PROGRAM DIR\n";
    return 2;
  }
  const akgen::craft::testing::LoweredProgram lowered = akgen::craft::testing::LowerFile(argv[1]);
  std::cerr << lowered.problems;
  if (!lowered.op) return 1;
  for (const auto& [path, text] : lowered.op->files) {
    const std::filesystem::path target = std::filesystem::path(argv[2]) / path;
    std::filesystem::create_directories(target.parent_path());
    std::ofstream(target) << text;
  }
  return 0;
}
