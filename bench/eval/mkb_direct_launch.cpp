#include "bench/eval/mkb_direct_launch.h"

#include <fstream>
#include <nlohmann/json.hpp>

#include "bench/common/replace_all.h"
#include "bench/eval/model_new_run.h"
#include "bench/oracle/oracle_error.h"
#include "bench/sandbox/sandbox.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

constexpr const char* kProfilesFile = "profiles.jsonl";       // akgen_oracle.mkb_direct's names
constexpr const char* kDiagnosticsFile = "diagnostics.jsonl";

// The JSON lines of a file the simulator appended to; a torn last line (the process was killed
// while writing) is left out.
std::vector<nlohmann::json> JsonLines(const fs::path& file) {
  std::vector<nlohmann::json> lines;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    nlohmann::json value = nlohmann::json::parse(line, nullptr, false);
    if (!value.is_discarded() && value.is_object()) lines.push_back(std::move(value));
  }
  return lines;
}

std::vector<RunnerDiagnostic> Diagnostics(const fs::path& file) {
  std::vector<RunnerDiagnostic> diagnostics;
  for (const nlohmann::json& line : JsonLines(file))
    diagnostics.push_back({line.value("kind", ""), line.value("severity", ""), line.value("file", ""),
                           line.value("line", 0u), line.value("api", ""), line.value("block", int64_t(-1)),
                           line.value("message", "")});
  return diagnostics;
}

// The launches ModelNew made, as one: their times and cycles add up, as they run one after another
// on the stream; the bound is the longest launch's.
std::optional<LaunchTiming> Timing(const fs::path& file) {
  const std::vector<nlohmann::json> profiles = JsonLines(file);
  if (profiles.empty()) return std::nullopt;
  LaunchTiming timing;
  double longest = -1;
  for (const nlohmann::json& profile : profiles) {
    const double microseconds = profile.value("microseconds", 0.0);
    timing.microseconds += microseconds;
    timing.cycles += profile.value("cycles", uint64_t(0));
    if (microseconds > longest) {
      longest = microseconds;
      timing.bound = profile.value("bound", "");
    }
  }
  timing.profile = profiles.size() == 1 ? profiles[0] : nlohmann::json(profiles);
  return timing;
}

DirectLaunchRun Failure(Verdict verdict, std::string detail) {
  DirectLaunchRun run;
  run.failure = verdict;
  run.detail = std::move(detail);
  return run;
}

}  // namespace

DirectLaunchRun RunDirectLaunch(const DirectLaunchSetup& setup, const GoldenCase& golden, const fs::path& workDir) {
  fs::remove_all(workDir);
  const fs::path sources = workDir / "candidate";
  const fs::path out = workDir / "out";
  StageCaseInputs(golden.dir, workDir / "inputs");
  fs::create_directories(out);
  fs::copy(setup.sourcesDir, sources, fs::copy_options::recursive);
  fs::create_directories(sources / setup.build.moduleDirectory);
  fs::copy_file(setup.build.program, sources / setup.build.moduleDirectory / setup.build.program.filename());

  SandboxPolicy policy = setup.sandbox;
  policy.workDirectory = workDir;
  // Debian's torch finds its BLAS through the alternatives system's links in /etc/alternatives.
  policy.readOnlyPaths.insert(policy.readOnlyPaths.end(), {"/etc/alternatives", setup.packageDir});
  policy.hiddenPaths.push_back(golden.dir.parent_path());
  const std::vector<std::string> arguments = {(setup.packageDir / "akgen_oracle" / "mkb_direct.py").string(),
                                              "--sources",    sources.string(),
                                              "--entry",      setup.entry,
                                              "--module",     setup.build.moduleName,
                                              "--module-dir", setup.build.moduleDirectory.string(),
                                              "--sync",       setup.syncMode,
                                              "--inputs",     (workDir / "inputs").string(),
                                              "--out",        out.string()};
  const SandboxResult result = RunInSandbox(policy, setup.python, arguments);

  // Messages name the candidate's files by their paths in its answer, as its compile errors do.
  const std::string root = setup.sourcesDir.string() + "/";
  std::string messages = result.standardError.text;
  ReplaceAll(messages, root, "");
  DirectLaunchRun run;
  for (RunnerDiagnostic& diagnostic : Diagnostics(out / kDiagnosticsFile)) {
    ReplaceAll(diagnostic.file, root, "");
    if (diagnostic.severity != "error") {
      run.warnings.push_back(std::move(diagnostic));
    } else if (!run.failure) {  // the first error stopped the launch; the simulator exits after it
      run.failure = Verdict::SimError;
      run.diagnosticKind = diagnostic.kind;
      run.detail = Describe(diagnostic);
    }
  }
  run.timing = Timing(out / kProfilesFile);
  if (run.failure) {
    run.detail += "\n" + messages;
    return run;
  }
  if (const std::optional<ModelNewFailure> failure = ModelNewRunFailure(result, setup.python)) {
    run.failure = failure->verdict;
    run.detail = failure->detail;
    ReplaceAll(run.detail, root, "");
    return run;
  }
  try {
    Manifest returned = ReadManifest(out);
    for (const ManifestValue& output : returned.outputs)
      if (const std::string problem = ForeignFile(output, out); !problem.empty())
        return Failure(Verdict::Crash, "ModelNew's outputs are refused: " + problem);
    run.modelNewOps = std::move(returned.modelNewOps);
  } catch (const OracleError& error) {
    return Failure(Verdict::Crash, std::string("ModelNew's outputs are unreadable: ") + error.what());
  }
  run.outputDir = out;
  return run;
}

}  // namespace akgen::bench
