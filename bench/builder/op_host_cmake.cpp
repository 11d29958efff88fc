#include "bench/builder/op_host_cmake.h"

#include <algorithm>
#include <set>

#include "bench/builder/cmake_commands.h"
#include "bench/common/content_hash.h"
#include "bench/common/replace_all.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

bool IsOneOf(const std::string& text, std::initializer_list<const char*> choices) {
  return std::find(choices.begin(), choices.end(), text) != choices.end();
}

// The targets the host program needs: tiling, shape inference and the op definition, which CANN's
// opbuild reads from op_host_aclnn / op_host_aclnnInner to generate the aclnn interface.
bool IsHostTarget(const std::string& target) {
  return IsOneOf(target, {"optiling", "opsproto", "op_host_aclnn", "op_host_aclnnInner"});
}

// opapi is a hand-written aclnn interface (aclnn_*.cpp, *_l0.cpp) against CANN's level0/ and
// aclnn/ headers; the harness calls the op itself, as the generated interface would.
bool IsAclnnTarget(const std::string& target) { return target == "opapi"; }

class PlanReader {
 public:
  PlanReader(const fs::path& opDirectory, const std::vector<fs::path>& hostFiles, const std::string& opName)
      : opDirectory_(opDirectory), opName_(opName) {
    for (const fs::path& file : hostFiles) hostFiles_.insert(file.lexically_normal());
  }

  // Empty when the command was understood; else what was not, for the build log.
  std::string Read(const CmakeCommand& command) {
    if (command.name == "target_sources") return ReadTargetSources(command);
    if (command.name == "add_ops_compile_options") return ReadCompileOptions(command);
    // Include folders come from the simulator; install copies files into the CANN package.
    if (IsOneOf(command.name, {"target_include_directories", "install"})) return "";
    return At(command, command.name + "(...) is not read");
  }

  // Empty when no library has a source.
  std::string Finish() {
    std::erase_if(plan_.libraries, [](const HostLibrary& library) { return library.sources.empty(); });
    return plan_.libraries.empty() ? "no source for optiling, opsproto, op_host_aclnn or op_host_aclnnInner" : "";
  }

  HostSourcePlan& Plan() { return plan_; }

 private:
  static std::string At(const CmakeCommand& command, const std::string& problem) {
    return "line " + std::to_string(command.line) + ": " + problem;
  }

  std::string ReadTargetSources(const CmakeCommand& command) {
    if (command.arguments.empty()) return At(command, "target_sources() names no target");
    const std::string& target = command.arguments[0];
    if (IsAclnnTarget(target)) return "";
    if (!IsHostTarget(target)) return At(command, "target_sources(" + target + " ...): a target this reader does not know");
    HostLibrary& library = LibraryOf(target);
    for (auto argument = command.arguments.begin() + 1; argument != command.arguments.end(); ++argument) {
      if (IsOneOf(*argument, {"PRIVATE", "PUBLIC", "INTERFACE"})) continue;
      const fs::path source = (opDirectory_ / *argument).lexically_normal();
      if (IsOneOf(source.extension().string(), {".h", ".hpp", ".hh"})) continue;  // listed, never compiled
      if (!IsOneOf(source.extension().string(), {".cpp", ".cc", ".cxx"}))
        return At(command, *argument + " is neither a C++ source nor a header");
      if (!hostFiles_.contains(source)) return At(command, *argument + " is not a file below op_host/");
      // CANN compiles a source several targets list into each; the one describe program holds one
      // copy of its registrations.
      if (compiled_.insert(source).second) library.sources.push_back(source);
    }
    return "";
  }

  std::string ReadCompileOptions(const CmakeCommand& command) {
    std::string keyword;
    bool forThisOp = false;
    std::vector<std::string> options;
    for (const std::string& argument : command.arguments) {
      if (IsOneOf(argument, {"OP_NAME", "COMPUTE_UNIT", "OPTIONS"})) {
        keyword = argument;
      } else if (keyword == "OP_NAME") {
        forThisOp = forThisOp || argument == opName_ || argument == "ALL";
      } else if (keyword == "OPTIONS") {
        options.push_back(argument);
      }
    }
    if (keyword.empty()) return At(command, "add_ops_compile_options() without OP_NAME or OPTIONS");
    if (forThisOp) plan_.kernelCompileOptions.insert(plan_.kernelCompileOptions.end(), options.begin(), options.end());
    return "";
  }

  HostLibrary& LibraryOf(const std::string& target) {
    for (HostLibrary& library : plan_.libraries)
      if (library.target == target) return library;
    return plan_.libraries.emplace_back(HostLibrary{target, {}});
  }

  fs::path opDirectory_;
  std::string opName_;
  std::set<fs::path> hostFiles_;
  std::set<fs::path> compiled_;
  HostSourcePlan plan_;
};

}  // namespace

HostSourcePlan WholeFolderPlan(const std::vector<fs::path>& hostFiles) {
  HostLibrary library{"op_host", {}};
  for (const fs::path& file : hostFiles)
    if (file.extension() == ".cpp") library.sources.push_back(file);
  HostSourcePlan plan;
  if (!library.sources.empty()) plan.libraries.push_back(std::move(library));
  return plan;
}

HostSourcePlan ReadOpHostCmake(const fs::path& opDirectory, const std::vector<fs::path>& hostFiles,
                               const std::string& opName, const std::string& kernelName) {
  const fs::path file = opDirectory / kOpCmakeFile;
  std::error_code error;
  if (!fs::is_regular_file(file, error)) return WholeFolderPlan(hostFiles);
  std::string text = ReadFileText(file);
  ReplaceAll(text, "CustomOp", opName);
  ReplaceAll(text, "custom_op", kernelName);
  const CmakeCommands script = ReadCmakeCommands(text);
  PlanReader reader(opDirectory, hostFiles, opName);
  std::string problem = script.problem;
  for (auto command = script.commands.begin(); problem.empty() && command != script.commands.end(); ++command)
    problem = reader.Read(*command);
  if (problem.empty()) problem = reader.Finish();
  HostSourcePlan plan = problem.empty() ? std::move(reader.Plan()) : WholeFolderPlan(hostFiles);
  if (!problem.empty()) plan.note = file.string() + ": " + problem + "; built every op_host/*.cpp instead\n";
  plan.cmakeFile = file;
  return plan;
}

}  // namespace akgen::bench
