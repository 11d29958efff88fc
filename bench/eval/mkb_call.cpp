#include "bench/eval/mkb_call.h"

#include <nlohmann/json.hpp>

#include "bench/common/content_hash.h"
#include "bench/common/environment_fault.h"
#include "bench/oracle/oracle_error.h"
#include "bench/oracle/oracle_process.h"
#include "bench/sandbox/sandbox.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

constexpr int kRuntimeFailureStatus = 1;  // akgen_oracle.mkb_record: ModelNew failed
constexpr int kMachineFaultStatus = 4;    // torch does not import in the sandbox: no candidate code ran
constexpr int kDoesNotLoadStatus = 5;     // model_src or its binding does not import

// The case's constructor arguments and inputs, with their files, and nothing else of the golden folder.
void StageInputs(const fs::path& goldenDir, const fs::path& inputsDir) {
  const nlohmann::json golden = nlohmann::json::parse(ReadFileText(goldenDir / kManifestFileName));
  nlohmann::json staged = {{"init_inputs", golden.at("init_inputs")}, {"inputs", golden.at("inputs")}};
  fs::create_directories(inputsDir);
  for (const char* list : {"init_inputs", "inputs"}) {
    for (const nlohmann::json& entry : staged[list]) {
      const nlohmann::json items = entry.contains("items") ? entry["items"] : nlohmann::json::array({entry});
      for (const nlohmann::json& item : items)
        if (item.contains("file"))
          fs::copy_file(goldenDir / item["file"].get<std::string>(), inputsDir / item["file"].get<std::string>(),
                        fs::copy_options::overwrite_existing);
    }
  }
  const std::string text = staged.dump();
  WriteFileBytes(inputsDir / kManifestFileName, text.data(), text.size());
}

// Why a tensor file the sandbox named is not a plain file inside `dir`, or "".
std::string ForeignFile(const ManifestValue& value, const fs::path& dir) {
  for (const ManifestValue& item : value.kind == ValueKind::TensorList ? value.items : std::vector{value}) {
    if (item.file.empty()) continue;
    if (item.file.lexically_normal().parent_path() != dir.lexically_normal() || fs::is_symlink(item.file) ||
        !fs::is_regular_file(item.file))
      return "argument '" + item.name + "' names " + item.file.string() + ", which is not a file of the record";
  }
  return "";
}

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
  const std::string messages = result.standardError.text;
  if (result.timedOut || result.cpuLimitReached)
    return Failure(Verdict::Timeout, "ModelNew ran out of time\n" + messages);
  if (result.signal) return Failure(Verdict::Crash, "ModelNew killed by " + SignalName(*result.signal) + "\n" + messages);
  if (result.exitCode == kMachineFaultStatus)
    throw EnvironmentFault("running a MultiKernelBench candidate's ModelNew: " + Diagnosis(messages) +
                           "; check that " + setup.python.string() + " imports torch with only /usr, /lib and "
                           "/etc/alternatives visible");
  if (result.exitCode == kDoesNotLoadStatus) return Failure(Verdict::CompileError, Diagnosis(messages));
  if (result.exitCode == kRuntimeFailureStatus) return Failure(Verdict::Crash, Diagnosis(messages));
  if (result.exitCode != 0)
    return Failure(Verdict::Crash, "ModelNew failed (exit code " + std::to_string(result.exitCode.value_or(-1)) +
                                       ")\n" + messages);
  return std::nullopt;
}

}  // namespace

MkbCall RecordMkbCall(const MkbCallSetup& setup, const GoldenCase& golden, const fs::path& recordDir) {
  fs::remove_all(recordDir);
  const fs::path out = recordDir / "call";
  StageInputs(golden.dir, recordDir / "inputs");
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
