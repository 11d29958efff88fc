#include "bench/builder/toolchain.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <sstream>

#include "bench/builder/compiler_process.h"
#include "bench/sandbox/staged_copy.h"
#include "bench/task/directory_listing.h"

namespace akgen::bench {
namespace {

// The items of a `|`-separated list from the build.
template <class Item>
std::vector<Item> SplitList(const std::string& list) {
  std::vector<Item> items;
  std::stringstream stream(list);
  std::string item;
  while (std::getline(stream, item, '|'))
    if (!item.empty()) items.emplace_back(item);
  return items;
}

std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

Toolchain MakeToolchain() {
  Toolchain toolchain;
  const char* compiler = std::getenv("CXX");
  toolchain.compiler = compiler && compiler[0] ? compiler : "g++";
  toolchain.version =
      FirstLine(RunCompiler({toolchain.compiler, "--version"}, std::filesystem::temp_directory_path()).log);
  // -O1: candidate compiles dominate a unit's time, and -O2 buys little for kernels whose time is
  // spent in the simulator's vector engine.
  toolchain.compileFlags = {"-std=c++20",
                            "-O1",
                            "-I" AKGEN_SIM_INCLUDE_DIR,
                            "-D__CCE_AICORE__=220",
                            "-D__NPU_ARCH__=2201",
                            "-Wno-builtin-declaration-mismatch"};
  // The simulator library's debug information is 95% of a linked program and nothing reads it
  // (diagnostics carry their kernel line with them): dropped, a unit's builds take a twentieth of
  // the disk and link faster.
  toolchain.linkFlags = {"-Wl,--strip-debug"};
  toolchain.kernelInstrumentation = SplitList<std::string>(AKGEN_KERNEL_INSTRUMENTATION);
  toolchain.describeObjects = SplitList<std::filesystem::path>(AKGEN_DESCRIBE_OBJECTS);
  toolchain.runnerObjects = SplitList<std::filesystem::path>(AKGEN_RUNNER_OBJECTS);
  toolchain.simulatorLibrary = AKGEN_SIM_LIBRARY;
  toolchain.simulatorHeaders = FilesBelow(AKGEN_SIM_INCLUDE_DIR);
  return toolchain;
}

Toolchain& SharedToolchain() {
  static Toolchain toolchain = MakeToolchain();
  return toolchain;
}

std::vector<std::filesystem::path> Staged(const std::vector<std::filesystem::path>& files,
                                          const std::filesystem::path& root) {
  std::vector<std::filesystem::path> copies;
  for (const std::filesystem::path& file : files) copies.push_back(StagedCopy(file, root));
  return copies;
}

}  // namespace

const Toolchain& HarnessToolchain() { return SharedToolchain(); }

void StageHarnessToolchain(uid_t sandboxUid, const std::filesystem::path& root) {
  static std::once_flag staged;
  std::call_once(staged, [&] {
    Toolchain& toolchain = SharedToolchain();
    const std::filesystem::path includeDir = AKGEN_SIM_INCLUDE_DIR;
    std::vector<std::filesystem::path> files = {toolchain.simulatorLibrary, includeDir};
    files.insert(files.end(), toolchain.describeObjects.begin(), toolchain.describeObjects.end());
    files.insert(files.end(), toolchain.runnerObjects.begin(), toolchain.runnerObjects.end());
    if (std::all_of(files.begin(), files.end(), [&](const auto& file) { return ReachableBy(file, sandboxUid); }))
      return;
    const std::filesystem::path stagedInclude = StagedCopy(includeDir, root);
    std::replace(toolchain.compileFlags.begin(), toolchain.compileFlags.end(), std::string("-I" AKGEN_SIM_INCLUDE_DIR),
                 "-I" + stagedInclude.string());
    toolchain.simulatorHeaders = FilesBelow(stagedInclude);
    toolchain.simulatorLibrary = StagedCopy(toolchain.simulatorLibrary, root);
    toolchain.describeObjects = Staged(toolchain.describeObjects, root);
    toolchain.runnerObjects = Staged(toolchain.runnerObjects, root);
  });
}

ContentHash& AddToolchain(ContentHash& hash, const std::vector<std::filesystem::path>& linkInputs) {
  const Toolchain& toolchain = HarnessToolchain();
  hash.Add("akgen-candidate-build-v4").Add(toolchain.compiler).Add(toolchain.version);
  for (const std::string& flag : toolchain.compileFlags) hash.Add(flag);
  for (const std::string& flag : toolchain.linkFlags) hash.Add(flag);
  for (const std::filesystem::path& input : linkInputs) hash.AddFileStamp(input);
  for (const std::filesystem::path& header : toolchain.simulatorHeaders) hash.AddFileStamp(header);
  return hash.AddFileStamp(toolchain.simulatorLibrary);
}

const std::vector<std::string>& KernelOnlyFlags() {
  static const std::vector<std::string> flags = [] {
    // Inline variables (a class template's static constexpr members) become weak, not GNU-unique, so
    // the two core-type builds of a kernel can each make their copy local (BuildRunner).
    std::vector<std::string> all = {"-fno-builtin-malloc", "-fno-builtin-calloc", "-fno-builtin-realloc",
                                    "-fno-builtin-free", "-fno-allocation-dce", "-fno-gnu-unique"};
    // Kernel code's own versions of standard headers (sim/include/ascendc_sim/kernel_std) come first.
    for (const std::string& flag : HarnessToolchain().compileFlags)
      if (flag.starts_with("-I")) all.insert(all.begin(), flag + "/ascendc_sim/kernel_std");
    const std::vector<std::string>& instrumentation = HarnessToolchain().kernelInstrumentation;
    all.insert(all.end(), instrumentation.begin(), instrumentation.end());
    return all;
  }();
  return flags;
}

std::vector<std::filesystem::path> CandidateReadablePaths(std::vector<std::filesystem::path> sources) {
  std::erase(sources, std::filesystem::path());  // a kernel-only task without question/op_host has no host folder
  const Toolchain& toolchain = HarnessToolchain();
  for (const std::string& flag : toolchain.compileFlags)
    if (flag.starts_with("-I")) sources.emplace_back(flag.substr(2));
  sources.push_back(toolchain.simulatorLibrary);
  sources.insert(sources.end(), toolchain.describeObjects.begin(), toolchain.describeObjects.end());
  sources.insert(sources.end(), toolchain.runnerObjects.begin(), toolchain.runnerObjects.end());
  std::sort(sources.begin(), sources.end());
  sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
  return sources;
}

}  // namespace akgen::bench
