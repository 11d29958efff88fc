#include "bench/builder/direct_launch_build.h"

#include <regex>

#include "bench/builder/build_cache.h"
#include "bench/builder/npu_syntax.h"
#include "bench/builder/toolchain.h"
#include "bench/common/content_hash.h"
#include "bench/common/replace_all.h"
#include "bench/task/directory_listing.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

constexpr const char* kAllocatorSource = "device_memory.cpp";

bool IsCxxSource(const fs::path& file) {
  const std::string extension = file.extension().string();
  return extension == ".cpp" || extension == ".cc" || extension == ".cxx" || extension == ".asc";
}

// The module a binding source defines, or "" when it defines none.
std::string ModuleName(const std::string& source) {
  static const std::regex module(R"(PYBIND11_MODULE\s*\(\s*([A-Za-z_]\w*)\s*,)");
  std::smatch match;
  return std::regex_search(source, match, module) ? match[1].str() : "";
}

struct Plan {
  std::vector<fs::path> files;  // every file of the candidate, sorted
  fs::path binding;
  std::vector<fs::path> kernels;  // the other C++ sources
  std::string moduleName;
  std::string problem;
};

Plan PlanBuild(const fs::path& sourcesDir) {
  Plan plan;
  plan.files = FilesBelow(sourcesDir);
  std::vector<fs::path> bindings;
  for (const fs::path& file : plan.files) {
    if (!IsCxxSource(file)) continue;
    if (ModuleName(ReadFileText(file)).empty())
      plan.kernels.push_back(file);
    else
      bindings.push_back(file);
  }
  if (bindings.size() != 1) {
    plan.problem = bindings.empty()
                       ? "no source defines the Python module ModelNew imports; add a pybind11 source with "
                         "PYBIND11_MODULE(<name>, m)"
                       : "several sources define a Python module (" + fs::relative(bindings[0], sourcesDir).string() +
                             ", " + fs::relative(bindings[1], sourcesDir).string() + "); keep one PYBIND11_MODULE";
    return plan;
  }
  if (plan.kernels.empty()) {
    plan.problem = "no kernel source beside the binding; a direct-launch answer launches its AscendC kernel with "
                   "<<<blocks, nullptr, stream>>> from a C++ source of its own";
    return plan;
  }
  plan.binding = bindings[0];
  plan.moduleName = ModuleName(ReadFileText(plan.binding));
  return plan;
}

std::vector<std::string> Joined(std::vector<std::string> first, const std::vector<std::string>& second) {
  first.insert(first.end(), second.begin(), second.end());
  return first;
}

}  // namespace

DirectLaunchBuild BuildDirectLaunch(const fs::path& cacheDir, const fs::path& sourcesDir, const fs::path& shimDir,
                                    const BindingFlags& flags) {
  const Plan plan = PlanBuild(sourcesDir);
  DirectLaunchBuild result;
  if (!plan.problem.empty()) {
    result.problem = plan.problem;
    return result;
  }
  result.moduleName = plan.moduleName;
  result.moduleDirectory = fs::relative(plan.binding.parent_path(), sourcesDir) / "build";
  const std::vector<fs::path> shimFiles = FilesBelow(shimDir);
  ContentHash hash;
  AddToolchain(hash, {}).Add("akgen-direct-launch-build-v1");
  for (const std::string& flag : KernelOnlyFlags()) hash.Add(flag);
  for (const std::vector<std::string>* list : {&flags.compile, &flags.libraries})
    for (const std::string& flag : *list) hash.Add(flag);
  for (const fs::path& file : plan.files) hash.Add(fs::relative(file, sourcesDir).string()).AddFile(file);
  for (const fs::path& file : shimFiles) hash.Add(fs::relative(file, shimDir).string()).AddFile(file);
  const std::string library = plan.moduleName + ".so";
  const BuildOutcome built = CachedBuild(cacheDir, "direct-" + hash.Hex(), library, [&](const fs::path& staging) {
    const fs::path mirror = staging / "src";
    const fs::path shim = staging / "shim";
    MirrorCompilable(plan.files, sourcesDir, mirror);
    MirrorCompilable(shimFiles, shimDir, shim);
    const auto copyOf = [&](const fs::path& file) { return mirror / fs::relative(file, sourcesDir); };
    const Toolchain& toolchain = HarnessToolchain();
    std::vector<std::vector<std::string>> commands;
    std::vector<std::string> link = {toolchain.compiler, "-shared", "-o", (staging / library).string()};
    const auto compile = [&](std::vector<std::string> command, const fs::path& source) {
      const fs::path object = staging / ("object" + std::to_string(commands.size()) + ".o");
      command.insert(command.end(), {"-I" + source.parent_path().string(), "-I" + mirror.string()});
      if (source.extension() == ".asc") command.insert(command.end(), {"-x", "c++"});
      command.insert(command.end(), {"-c", source.string(), "-o", object.string()});
      commands.push_back(std::move(command));
      link.push_back(object.string());
    };
    // Kernel files hold host code too (tiling, the launch wrappers); the simulator charges the
    // instrumented code only while a core runs it.
    for (const fs::path& kernel : plan.kernels)
      compile(Joined(Joined({toolchain.compiler}, toolchain.compileFlags),
                     Joined(KernelOnlyFlags(), {"-D__DAV_C220_VEC__", "-fPIC"})),
              copyOf(kernel));
    compile(Joined({toolchain.compiler}, Joined(flags.compile, {"-I" + shim.string()})), copyOf(plan.binding));
    // The allocator includes the simulator's runtime header, which needs the toolchain's C++20.
    compile(Joined(Joined({toolchain.compiler}, flags.compile), toolchain.compileFlags), shim / kAllocatorSource);
    link.insert(link.end(), {toolchain.simulatorLibrary.string(), "-Wl,--exclude-libs,ALL"});
    link.insert(link.end(), toolchain.linkFlags.begin(), toolchain.linkFlags.end());
    commands.push_back(Joined(Joined(link, flags.compile), flags.libraries));
    StepResult step = RunCommands(commands, staging, CandidateReadablePaths({}));
    // Messages name the candidate's files by their paths in its answer.
    ReplaceAll(step.log, sourcesDir.string() + "/", "");
    return step;
  });
  static_cast<BuildOutcome&>(result) = built;
  return result;
}

}  // namespace akgen::bench
