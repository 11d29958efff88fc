#include "bench/eval/model_new_run.h"

#include <nlohmann/json.hpp>

#include "bench/common/content_hash.h"
#include "bench/common/environment_fault.h"
#include "bench/oracle/oracle_process.h"

namespace akgen::bench {

namespace fs = std::filesystem;

namespace {

constexpr int kRuntimeFailureStatus = 1;  // ModelNew failed
constexpr int kMachineFaultStatus = 4;    // torch does not import in the sandbox: no candidate code ran
constexpr int kDoesNotLoadStatus = 5;     // the candidate's Python or its module does not import

}  // namespace

void StageCaseInputs(const fs::path& goldenDir, const fs::path& inputsDir) {
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

std::string ForeignFile(const ManifestValue& value, const fs::path& dir) {
  for (const ManifestValue& item : value.kind == ValueKind::TensorList ? value.items : std::vector{value}) {
    if (item.file.empty()) continue;
    if (item.file.lexically_normal().parent_path() != dir.lexically_normal() || fs::is_symlink(item.file) ||
        !fs::is_regular_file(item.file))
      return "argument '" + item.name + "' names " + item.file.string() + ", which is not a file of the record";
  }
  return "";
}

std::optional<ModelNewFailure> ModelNewRunFailure(const SandboxResult& result, const fs::path& python) {
  const std::string messages = result.standardError.text;
  if (result.timedOut || result.cpuLimitReached)
    return ModelNewFailure{Verdict::Timeout, "ModelNew ran out of time\n" + messages};
  if (result.signal)
    return ModelNewFailure{Verdict::Crash, "ModelNew killed by " + SignalName(*result.signal) + "\n" + messages};
  if (result.exitCode == kMachineFaultStatus)
    throw EnvironmentFault("running a MultiKernelBench candidate's ModelNew: " + Diagnosis(messages) +
                           "; check that " + python.string() + " imports torch with only /usr, /lib and "
                           "/etc/alternatives visible");
  if (result.exitCode == kDoesNotLoadStatus) return ModelNewFailure{Verdict::CompileError, Diagnosis(messages)};
  if (result.exitCode == kRuntimeFailureStatus) return ModelNewFailure{Verdict::Crash, Diagnosis(messages)};
  if (result.exitCode != 0)
    return ModelNewFailure{Verdict::Crash, "ModelNew failed (exit code " +
                                               std::to_string(result.exitCode.value_or(-1)) + ")\n" + messages};
  return std::nullopt;
}

}  // namespace akgen::bench
