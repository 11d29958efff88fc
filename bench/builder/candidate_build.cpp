#include "bench/builder/candidate_build.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <system_error>

#include "bench/builder/build_cache.h"
#include "bench/builder/compiler_process.h"
#include "bench/builder/device_code.h"
#include "bench/builder/kernel_core_types.h"
#include "bench/builder/kernel_entry.h"
#include "bench/builder/launch_shim.h"
#include "bench/builder/library_symbols.h"
#include "bench/builder/npu_syntax.h"
#include "bench/builder/op_host_cmake.h"
#include "bench/builder/toolchain.h"
#include "bench/common/content_hash.h"
#include "bench/common/environment_fault.h"
#include "bench/task/directory_listing.h"
#include "scalar_code.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;



struct SourceSet {
  fs::path directory;             // added with -I: sources include their own headers by name
  std::vector<fs::path> files;    // everything that can affect the build, sorted
  std::vector<fs::path> sources;  // the .cpp files among them
};

SourceSet Sources(const fs::path& directory, const std::vector<fs::path>& files) {
  SourceSet set{directory, files, {}};
  for (const fs::path& file : files)
    if (file.extension() == ".cpp") set.sources.push_back(file);
  return set;
}

// Kernel-only candidates are built with the task's question/op_host template; empty when the task
// has none.
fs::path HostDirectory(const Task& task, const Candidate& candidate) {
  if (candidate.templateMode == TemplateMode::Full) return candidate.directory / "op_host";
  return task.files.questionHost ? task.files.questionHost->parent_path() : fs::path();
}

struct HostSources {
  fs::path directory;           // added with -I: sources include their own headers by name
  std::vector<fs::path> files;  // everything that can affect the build: op_host's files and the op's CMakeLists.txt
  HostSourcePlan plan;
};

// A full candidate is built as its CMakeLists.txt says, where it has one. NPUKernelBench builds a
// kernel-only candidate in msopgen's template, whose op_host/CMakeLists.txt compiles every source of
// question/op_host (and it accepts no file there but <kernel>.cpp): no task has a question CMakeLists.
HostSources FindHostSources(const Task& task, const Candidate& candidate) {
  const fs::path directory = HostDirectory(task, candidate);
  if (candidate.templateMode == TemplateMode::KernelOnly) {
    std::vector<fs::path> files = FilesBelow(directory);
    HostSourcePlan plan = WholeFolderPlan(files);
    return {directory, std::move(files), std::move(plan)};
  }
  HostSources sources{directory, candidate.hostFiles,
                      ReadOpHostCmake(candidate.directory, candidate.hostFiles, task.opName, task.kernelName)};
  if (sources.plan.cmakeFile) sources.files.push_back(*sources.plan.cmakeFile);
  return sources;
}


// The compiler with the toolchain's flags and `extraFlags`, then `tail`.
std::vector<std::string> CompilerCommand(const std::vector<std::string>& extraFlags,
                                         std::initializer_list<std::string> tail) {
  const Toolchain& toolchain = HarnessToolchain();
  std::vector<std::string> command = {toolchain.compiler};
  command.insert(command.end(), toolchain.compileFlags.begin(), toolchain.compileFlags.end());
  command.insert(command.end(), extraFlags.begin(), extraFlags.end());
  command.insert(command.end(), tail);
  return command;
}

std::vector<std::string> CompileCommand(const fs::path& source, const fs::path& object,
                                        const std::vector<std::string>& extraFlags) {
  return CompilerCommand(extraFlags, {"-c", source.string(), "-o", object.string()});
}

// The preprocessed source on standard output.
std::vector<std::string> PreprocessCommand(const fs::path& source, const std::vector<std::string>& extraFlags) {
  return CompilerCommand(extraFlags, {"-E", source.string()});
}

std::vector<std::string> LinkCommand(const std::vector<fs::path>& objects, const fs::path& program) {
  const Toolchain& toolchain = HarnessToolchain();
  std::vector<std::string> command = {toolchain.compiler};
  for (const fs::path& object : objects) command.push_back(object.string());
  command.push_back(toolchain.simulatorLibrary.string());
  command.insert(command.end(), toolchain.linkFlags.begin(), toolchain.linkFlags.end());
  command.insert(command.end(), {"-o", program.string()});
  return command;
}

std::vector<fs::path> Concatenate(std::vector<fs::path> first, const std::vector<fs::path>& second) {
  first.insert(first.end(), second.begin(), second.end());
  return first;
}

// The kernel sources g++ can compile. When any file of the kernel uses NPU-only syntax
// (npu_syntax.h), the whole folder is mirrored under `mirror` with each C++ file rewritten or
// prefixed with a #line naming its original, so quoted includes find the rewritten headers and
// messages keep naming the original files. Otherwise the originals themselves.
SourceSet CompilableKernelSources(const SourceSet& kernel, const fs::path& mirror) {
  const bool any = std::any_of(kernel.files.begin(), kernel.files.end(), [](const fs::path& file) {
    return RewriteNpuSyntax(ReadFileText(file), file.string()).has_value();
  });
  if (!any) return kernel;
  SourceSet mirrored{mirror, MirrorCompilable(kernel.files, kernel.directory, mirror), {}};
  for (const fs::path& copy : mirrored.files)
    if (copy.extension() == ".cpp") mirrored.sources.push_back(copy);
  return mirrored;
}

// The builds of a kernel: one for the vector cores, or, for a kernel that may have cube work, one
// per core type as the NPU compiler makes them (the predefined macro tells g_coreType which); the
// compiled objects then decide whether the cube build is kept (kernel_core_types.h).
struct CoreVariant {
  std::string suffix;  // of the object files and of the linked entry symbol
  std::string define;
};
std::vector<CoreVariant> CoreVariants(const SourceSet& kernel) {
  const bool cube = std::any_of(kernel.files.begin(), kernel.files.end(),
                                [](const fs::path& file) { return MayUseCubeCore(ReadFileText(file)); });
  if (!cube) return {{"", "-D__DAV_C220_VEC__"}};
  return {{kCubeVariantSuffix, "-D__DAV_C220_CUBE__"}, {kVectorVariantSuffix, "-D__DAV_C220_VEC__"}};
}

// The NPU compiler links each core type's build of a kernel on its own. A build that calls the
// candidate's own functions without defining them (a kernel declaring operator()<AIC> and
// operator()<AIV> and defining only the first) cannot link, and the kernel then runs on the other
// core type only, as it does on the NPU. Returns the index of the build to drop (noted in `log`), or
// the count when both link or neither does (the device-code check then names what is missing).
size_t UnlinkableVariant(const std::vector<std::vector<ObjectSymbols>>& symbols, std::string& log) {
  std::vector<std::set<std::string>> unresolved;
  for (const std::vector<ObjectSymbols>& variant : symbols)
    unresolved.push_back(UnresolvedKernelSymbols(variant, SimulatorSymbols()));
  const bool cubeLinks = unresolved[0].empty(), vectorLinks = unresolved[1].empty();
  if (cubeLinks == vectorLinks) return symbols.size();
  const size_t dropped = cubeLinks ? 1 : 0;
  log += std::string("the kernel runs on the ") + (cubeLinks ? "cube" : "vector") + " cores only: its " +
         (cubeLinks ? "vector" : "cube") + "-core build calls " + std::to_string(unresolved[dropped].size()) +
         " of its own functions that it never defines, e.g. " + Demangled(*unresolved[dropped].begin()) + "\n";
  return dropped;
}

// Versions the rules of device_code.h and the kernel instrumentation in build keys.
constexpr const char* kDeviceCodeRules = "device-code-5";
// Versions what npu_syntax.h rewrites and how the core-type builds are made.
constexpr const char* kNpuSyntaxRules = "npu-syntax-7";

// The symbols of each object; nm runs sandboxed, as it reads what the candidate's code shaped.
StepResult ListSymbols(const std::vector<fs::path>& objects, const std::vector<fs::path>& sources,
                       const fs::path& staging, const std::vector<fs::path>& readablePaths,
                       std::vector<ObjectSymbols>& symbols) {
  for (size_t i = 0; i < objects.size(); ++i) {
    const CompilerRun listing =
        RunCandidateCompiler({"nm", "--format=posix", objects[i].string()}, staging, readablePaths);
    if (!listing.ok) return {false, listing.log};
    symbols.push_back(ReadObjectSymbols(listing.standardOutput, sources[i]));
  }
  return {};
}

// The kernel objects of one build keep to what an AI core has, and their code to what the
// instrumentation sees (device_code.h); the preprocessor runs sandboxed too.
StepResult CheckDeviceCode(const std::vector<ObjectSymbols>& symbols,
                           const std::vector<std::vector<std::string>>& preprocesses, const fs::path& staging,
                           const std::vector<fs::path>& readablePaths) {
  std::string errors;
  for (const std::vector<std::string>& preprocess : preprocesses) {
    const CompilerRun preprocessed = RunCandidateCompiler(preprocess, staging, readablePaths);
    if (!preprocessed.ok) return {false, preprocessed.log};
    errors += UninstrumentedCodeErrors(preprocessed.standardOutput);
  }
  errors = DeviceCodeErrors(symbols, SimulatorSymbols()) + errors;
  return {errors.empty(), errors};
}

// One relocatable object per library of the plan.
std::vector<fs::path> LibraryObjects(const fs::path& directory, const HostSourcePlan& plan) {
  std::vector<fs::path> objects;
  for (const HostLibrary& library : plan.libraries) objects.push_back(directory / (library.target + ".o"));
  return objects;
}

// Compiles each library's sources into one relocatable object (`ld -r` rejects a symbol defined
// twice within a library, as CANN's link of that library would).
StepResult CompileLibraries(const HostSources& host, const std::vector<fs::path>& libraries, const fs::path& staging,
                            const std::vector<fs::path>& readablePaths) {
  std::vector<std::vector<std::string>> commands;
  size_t sourceCount = 0;
  for (size_t i = 0; i < libraries.size(); ++i) {
    std::vector<std::string> combine = {"ld", "-r", "-o", libraries[i].string()};
    for (const fs::path& source : host.plan.libraries[i].sources) {
      const fs::path object = staging / ("op_host_" + std::to_string(sourceCount++) + ".o");
      commands.push_back(CompileCommand(source, object, {"-I" + host.directory.string()}));
      combine.push_back(object.string());
    }
    commands.push_back(std::move(combine));
  }
  return RunCommands(commands, staging, readablePaths);
}

// Makes the symbols several libraries define local to each of them (library_symbols.h).
StepResult LocalizeSharedDefinitions(const std::vector<fs::path>& libraries, const fs::path& staging,
                                     const std::vector<fs::path>& readablePaths) {
  if (libraries.size() < 2) return {};
  std::vector<std::vector<std::string>> definitions;
  for (const fs::path& library : libraries) {
    const CompilerRun listing = RunCandidateCompiler(
        {"nm", "--defined-only", "--extern-only", "--format=posix", library.string()}, staging, readablePaths);
    if (!listing.ok) return {false, listing.log};
    definitions.push_back(StrongDefinitions(listing.standardOutput));
  }
  const std::vector<std::string> shared = DefinedInSeveral(definitions);
  if (shared.empty()) return {};
  const fs::path symbolList = staging / "library_local_symbols.txt";
  std::string note = "defined by several libraries, made local to each as in CANN's separate libraries:";
  {
    std::ofstream out(symbolList);
    for (const std::string& symbol : shared) {
      out << symbol << '\n';
      note += " " + symbol;
    }
  }
  std::vector<std::vector<std::string>> commands;
  for (const fs::path& library : libraries)
    commands.push_back({"objcopy", "--localize-symbols=" + symbolList.string(), library.string()});
  const StepResult localized = RunCommands(commands, staging, readablePaths);
  return {localized.ok, note + "\n" + localized.log};
}

}  // namespace

HostBuild BuildHost(const fs::path& cacheDir, const Task& task, const Candidate& candidate) {
  const HostSources host = FindHostSources(task, candidate);
  ContentHash hash;
  AddToolchain(hash, HarnessToolchain().describeObjects).Add(host.directory.string());
  for (const fs::path& file : host.files) hash.Add(fs::relative(file, host.directory).string()).AddFile(file);
  // The op and kernel names a CMakeLists.txt is read with decide its sources too.
  for (const HostLibrary& library : host.plan.libraries) {
    hash.Add(library.target);
    for (const fs::path& source : library.sources) hash.Add(fs::relative(source, host.directory).string());
  }
  const std::string key = "host-" + hash.Hex();
  HostBuild result;
  result.kernelCompileOptions = host.plan.kernelCompileOptions;
  if (host.plan.libraries.empty()) {
    result.log = host.plan.note + "no op_host/*.cpp to build the op from (" + host.directory.string() +
                 "): a full candidate brings op_host sources, a kernel-only task needs question/op_host";
    return result;
  }
  static_cast<BuildOutcome&>(result) = CachedBuild(cacheDir, key, "describe", [&](const fs::path& staging) {
    const std::vector<fs::path> readablePaths = CandidateReadablePaths({host.directory, candidate.directory});
    const std::vector<fs::path> libraries = LibraryObjects(staging, host.plan);
    StepResult step = CompileLibraries(host, libraries, staging, readablePaths);
    std::string log = host.plan.note + step.log;
    if (step.ok) {
      step = LocalizeSharedDefinitions(libraries, staging, readablePaths);
      log += step.log;
    }
    if (step.ok) {
      step =
          RunCommands({LinkCommand(Concatenate(libraries, HarnessToolchain().describeObjects), staging / "describe")},
                      staging, readablePaths);
      log += step.log;
    }
    return StepResult{step.ok, log};
  });
  result.key = key;
  result.objects = LibraryObjects(result.directory, host.plan);
  return result;
}

// What a runner build produces; part of its cache key, so builds of an older layout are redone.
constexpr std::string_view kRunnerPrograms =
    "runner (tiling) + launch (no op_host code); kernel data in sections of its own";

RunnerBuild BuildRunner(const fs::path& cacheDir, const HostBuild& host, const Task& task, const Candidate& candidate,
                        const std::string& prelude) {
  RunnerBuild result;
  const KernelEntry entry = FindKernelEntry(candidate.kernelFiles, task.kernelName);
  if (!entry.problem.empty()) {
    result.parseProblem = entry.problem;
    return result;
  }
  const SourceSet kernel = Sources(candidate.directory / "op_kernel", candidate.kernelFiles);
  ContentHash hash;
  // The device-code rules are part of the build's outcome: a change to them must re-check cached builds.
  AddToolchain(hash, HarnessToolchain().runnerObjects)
      .Add(kRunnerPrograms)
      .Add(host.key)
      .Add(task.kernelName)
      .Add(prelude)
      .Add(kDeviceCodeRules)
      .Add(kNpuSyntaxRules);
  for (const std::string& flag : KernelOnlyFlags()) hash.Add(flag);
  for (const fs::path& file : kernel.files) hash.Add(fs::relative(file, kernel.directory).string()).AddFile(file);
  const std::string key = host.key + "-runner-" + hash.Hex();
  static_cast<BuildOutcome&>(result) = CachedBuild(cacheDir, key, "runner", [&](const fs::path& staging) {
    std::ofstream(staging / "prelude.h") << prelude;
    std::vector<CoreVariant> variants = CoreVariants(kernel);
    const std::vector<fs::path> readable =
        CandidateReadablePaths({candidate.directory, HostDirectory(task, candidate), host.directory});
    const SourceSet compilable = CompilableKernelSources(kernel, staging / "op_kernel");
    std::vector<std::vector<std::string>> compiles;
    std::vector<std::vector<std::vector<std::string>>> preprocesses(variants.size());
    std::vector<std::vector<fs::path>> variantObjects(variants.size());
    for (size_t v = 0; v < variants.size(); ++v) {
      for (size_t i = 0; i < compilable.sources.size(); ++i) {
        const fs::path object = staging / ("op_kernel_" + std::to_string(i) + variants[v].suffix + ".o");
        std::vector<std::string> flags = {"-include", (staging / "prelude.h").string(),
                                          "-I" + compilable.directory.string(), "-I" + kernel.directory.string(),
                                          variants[v].define};
        flags.insert(flags.end(), KernelOnlyFlags().begin(), KernelOnlyFlags().end());
        compiles.push_back(CompileCommand(compilable.sources[i], object, flags));
        preprocesses[v].push_back(PreprocessCommand(compilable.sources[i], flags));
        variantObjects[v].push_back(object);
      }
    }
    if (StepResult compiled = RunCommands(compiles, staging, readable); !compiled.ok) return compiled;
    std::vector<std::vector<ObjectSymbols>> symbols(variants.size());
    for (size_t v = 0; v < variants.size(); ++v) {
      if (StepResult listed = ListSymbols(variantObjects[v], kernel.sources, staging, readable, symbols[v]); !listed.ok)
        return listed;
    }
    std::string log;
    // A vector build left alone is linked as a kernel without cube code is: its entry unsuffixed.
    const auto dropVariant = [&](size_t dropped) {
      variants.erase(variants.begin() + long(dropped));
      variantObjects.erase(variantObjects.begin() + long(dropped));
      symbols.erase(symbols.begin() + long(dropped));
      preprocesses.erase(preprocesses.begin() + long(dropped));
      if (variants.front().suffix == kVectorVariantSuffix) variants.front().suffix.clear();
    };
    // A kernel without cube work runs on the vector cores only, whatever its guards say.
    if (variants.size() > 1 && !NeedsCubeCores(symbols)) dropVariant(0);
    if (variants.size() > 1) {
      const size_t dropped = UnlinkableVariant(symbols, log);
      if (dropped < variants.size()) dropVariant(dropped);
    }
    // Each build is checked on its own: one core type's objects cannot define what the other's call.
    for (size_t v = 0; v < variants.size(); ++v) {
      // The variants differ only in a predefined macro: preprocessing one shows what both contain.
      const std::vector<std::vector<std::string>> preprocessed =
          v == 0 ? preprocesses[v] : std::vector<std::vector<std::string>>{};
      if (StepResult device = CheckDeviceCode(symbols[v], preprocessed, staging, readable); !device.ok) {
        device.log = log + device.log;
        return device;
      }
    }
    const KernelVariants linked = variants.size() > 1                             ? KernelVariants::kBoth
                                  : variants.front().suffix == kCubeVariantSuffix ? KernelVariants::kCubeOnly
                                                                                  : KernelVariants::kVectorOnly;
    const bool twoVariants = linked != KernelVariants::kVectorOnly;
    std::ofstream(staging / "launch_shim.cpp") << LaunchShimSource(task.kernelName, entry.parameterCount, linked);
    std::vector<std::vector<std::string>> commands;
    std::vector<fs::path> linkedKernel;
    for (size_t v = 0; v < variants.size(); ++v) {
      const std::string linkedEntry = kLinkedKernelSymbol + variants[v].suffix;
      for (const fs::path& object : variantObjects[v]) {
        std::vector<std::string> objcopy = {"objcopy", "--redefine-sym", task.kernelName + "=" + linkedEntry};
        for (std::string_view call : kKernelMemoryCalls)
          objcopy.insert(
              objcopy.end(),
              {"--redefine-sym", std::string(call) + "=" + std::string(kChargedMemoryCallPrefix) + std::string(call)});
        for (const auto& [section, renamed] : ascendc_sim::kKernelDataSections)
          objcopy.insert(objcopy.end(), {"--rename-section", std::string(section) + "=" + std::string(renamed)});
        objcopy.push_back(object.string());
        commands.push_back(std::move(objcopy));
      }
      if (!twoVariants) {
        linkedKernel = variantObjects[v];
        continue;
      }
      // The two variants define the same functions with different bodies (g_coreType differs), as
      // the NPU compiler's two binaries do: each becomes one object whose only global definition is
      // its entry, without the COMDAT groups that would let the linker keep one variant's copy.
      const fs::path combined = staging / ("op_kernel" + variants[v].suffix + ".o");
      std::vector<std::string> combine = {"ld", "-r", "-o", combined.string()};
      for (const fs::path& object : variantObjects[v]) combine.push_back(object.string());
      commands.push_back(std::move(combine));
      commands.push_back(
          {"objcopy", "--remove-section=.group", "--keep-global-symbol=" + linkedEntry, combined.string()});
      linkedKernel.push_back(combined);
    }
    commands.push_back(CompileCommand(staging / "launch_shim.cpp", staging / "launch_shim.o", {}));
    std::vector<fs::path> launchObjects = Concatenate(linkedKernel, HarnessToolchain().runnerObjects);
    launchObjects.push_back(staging / "launch_shim.o");
    commands.push_back(LinkCommand(Concatenate(host.objects, launchObjects), staging / "runner"));
    commands.push_back(LinkCommand(launchObjects, staging / "launch"));
    StepResult linkedRun = RunCommands(commands, staging, readable);
    linkedRun.log = log + linkedRun.log;
    return linkedRun;
  });
  result.launchProgram = result.directory / "launch";
  return result;
}

}  // namespace akgen::bench
