#include "bench/builder/toolchain.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "bench/builder/compiler_process.h"

namespace akgen::bench {
namespace {

std::vector<std::filesystem::path> SplitPaths(const std::string& list) {
  std::vector<std::filesystem::path> paths;
  std::stringstream stream(list);
  std::string path;
  while (std::getline(stream, path, '|'))
    if (!path.empty()) paths.emplace_back(path);
  return paths;
}

std::vector<std::filesystem::path> FilesBelow(const std::filesystem::path& directory) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(directory, error))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

Toolchain MakeToolchain() {
  Toolchain toolchain;
  const char* compiler = std::getenv("CXX");
  toolchain.compiler = compiler && compiler[0] ? compiler : "g++";
  toolchain.version = FirstLine(RunCompiler({toolchain.compiler, "--version"}, std::filesystem::temp_directory_path()).log);
  // -O1: candidate compiles dominate a unit's time, and -O2 buys little for kernels whose time is
  // spent in the simulator's vector engine.
  toolchain.compileFlags = {"-std=c++20", "-O1", "-I" AKGEN_SIM_INCLUDE_DIR, "-D__CCE_AICORE__=220",
                            "-D__NPU_ARCH__=2201", "-Wno-builtin-declaration-mismatch"};
  toolchain.describeObjects = SplitPaths(AKGEN_DESCRIBE_OBJECTS);
  toolchain.runnerObjects = SplitPaths(AKGEN_RUNNER_OBJECTS);
  toolchain.simulatorLibrary = AKGEN_SIM_LIBRARY;
  toolchain.simulatorHeaders = FilesBelow(AKGEN_SIM_INCLUDE_DIR);
  return toolchain;
}

}  // namespace

const Toolchain& HarnessToolchain() {
  static const Toolchain toolchain = MakeToolchain();
  return toolchain;
}

}  // namespace akgen::bench
