#include "bench/eval/mkb_call.h"

#include <nlohmann/json.hpp>

#include "bench/eval/model_new_run.h"
#include "bench/oracle/oracle_error.h"
#include "bench/sandbox/sandbox.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

MkbCall Failure(Verdict verdict, std::string detail) { return {std::nullopt, {}, verdict, std::move(detail)}; }

// The sandboxed mkb_record run in `workDirectory`, on the record's inputs and call; `extra` ends the
// arguments. The failure, if any, as the candidate's verdict.
std::optional<MkbCall> RunRecorder(const MkbCallSetup& setup, const GoldenCase& golden, const fs::path& recordDir,
                                   const fs::path& workDirectory, const std::vector<std::string>& extra) {
  SandboxPolicy policy = setup.sandbox;
  policy.workDirectory = workDirectory;
  // Debian's torch finds its BLAS through the alternatives system's links in /etc/alternatives.
  policy.readOnlyPaths.insert(policy.readOnlyPaths.end(), {"/etc/alternatives", setup.packageDir,
                                                           setup.bindingLibrary.parent_path(),
                                                           setup.modelFile.parent_path()});
  if (workDirectory != recordDir) policy.readOnlyPaths.push_back(recordDir);
  policy.hiddenPaths.push_back(golden.dir.parent_path());
  std::vector<std::string> arguments = {(setup.packageDir / "akgen_oracle" / "mkb_record.py").string(),
                                        "--binding",  setup.bindingLibrary.string(),
                                        "--model",    setup.modelFile.string(),
                                        "--inputs",   (recordDir / "inputs").string(),
                                        "--out",      (recordDir / "call").string()};
  if (setup.timingOnly) arguments.push_back("--timing-only");
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  const SandboxResult result = RunInSandbox(policy, setup.python, arguments);
  if (const std::optional<ModelNewFailure> failure = ModelNewRunFailure(result, setup.python))
    return Failure(failure->verdict, failure->detail);
  return std::nullopt;
}

}  // namespace

MkbCall RecordMkbCall(const MkbCallSetup& setup, const GoldenCase& golden, const fs::path& recordDir) {
  fs::remove_all(recordDir);
  const fs::path out = recordDir / "call";
  StageCaseInputs(golden.dir, recordDir / "inputs");
  fs::create_directories(out);
  if (std::optional<MkbCall> failure = RunRecorder(setup, golden, recordDir, recordDir, {})) return std::move(*failure);
  try {
    Manifest recorded = ReadManifest(out);
    if (!recorded.call) return Failure(Verdict::Crash, "ModelNew made no op call");
    for (const ManifestValue& argument : recorded.call->arguments)
      if (const std::string problem = ForeignFile(argument, out); !problem.empty())
        return Failure(Verdict::Crash, "the recorded op call is refused: " + problem);
    return {std::move(recorded.call), std::move(recorded.modelNewOps), std::nullopt, ""};
  } catch (const OracleError& error) {
    return Failure(Verdict::Crash, std::string("the recorded op call is unreadable: ") + error.what());
  }
}

std::optional<MkbCall> ReplayMkbCall(const MkbCallSetup& setup, const GoldenCase& golden, const fs::path& recordDir,
                                     const fs::path& runDir) {
  if (std::optional<MkbCall> failure = RunRecorder(setup, golden, recordDir, runDir, {"--replay", runDir.string()}))
    return failure;
  try {
    for (const ManifestValue& output : ReadManifest(runDir).outputs)
      if (const std::string problem = ForeignFile(output, runDir); !problem.empty())
        return Failure(Verdict::Crash, "ModelNew's replayed outputs are refused: " + problem);
  } catch (const OracleError& error) {
    return Failure(Verdict::Crash, std::string("ModelNew's replayed outputs are unreadable: ") + error.what());
  }
  return std::nullopt;
}

}  // namespace akgen::bench
