#include "bench/runner/run_unit.h"

#include <chrono>
#include <fstream>
#include <optional>
#include <set>
#include <variant>

#include "bench/builder/describe_op.h"
#include "bench/common/environment_fault.h"
#include "bench/runner/call_results.h"
#include "bench/runner/device_allocation.h"
#include "bench/runner/tiling_fields.h"
#include "bench/sandbox/sandbox.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

UnitRun Failed(Verdict verdict, std::string detail) {
  UnitRun run;
  run.failure = verdict;
  run.detail = std::move(detail);
  return run;
}

// A sandboxed program that did not finish normally.
UnitRun FromSandbox(const SandboxClassification& classification, const std::string& program,
                    const std::string& stderrText) {
  const Verdict verdict = classification.verdict == SandboxVerdict::Timeout ? Verdict::Timeout : Verdict::Crash;
  return Failed(verdict, program + ": " + classification.detail + (stderrText.empty() ? "" : "\n" + stderrText));
}

SandboxPolicy PolicyIn(const UnitSetup& setup, const Task& task, const GoldenCase& golden, const fs::path& directory) {
  fs::create_directories(directory);
  SandboxPolicy policy = setup.sandbox;
  policy.workDirectory = directory;
  policy.hiddenPaths.push_back(golden.dir.parent_path());  // every case's golden outputs, not just this one's
  policy.hiddenPaths.push_back(task.directory);
  return policy;
}

// The GM the harness gives the kernel is the case's, not the candidate's: the runner's address-space
// limit grows by it, so a large case (StridesliceNegConcatV2's 1 GiB tensors) is not a `crash`. A
// tensor takes its allocator segment in GM (device_allocation.h), and one loaded from a file is held
// once more on the host while it is copied there; a zero-filled one (timing-only runs at production
// shapes) is never touched but for the segment past its end.
uint64_t CaseTensorBytes(const RunnerRequest& request) {
  uint64_t bytes = 0;
  for (const std::vector<ParamArgument>* params : {&request.inputs, &request.outputs})
    for (const ParamArgument& param : *params)
      for (const TensorArgument& tensor : param.tensors)
        if (const std::optional<TorchDtype> dtype = TorchDtypeOfCann(tensor.dataType)) {
          const uint64_t tensorBytes = static_cast<uint64_t>(ElementCount(tensor.shape)) * ElementSize(*dtype);
          bytes += DeviceSegmentBytes(tensorBytes) + (tensor.zeroFilled ? 0 : tensorBytes);
        }
  return bytes;
}

PreparedUnit Stop(UnitRun failure) {
  PreparedUnit prepared;
  prepared.failure = std::move(failure);
  return prepared;
}

// Describes the op, maps the case onto it and gets the prelude; returns a failure or the runner.
PreparedUnit Build(const UnitSetup& setup, const Task& task, const Candidate& candidate, const GoldenCase& golden,
                   const fs::path& workDir) {
  PreparedUnit prepared;
  const HostBuild host = BuildHost(setup.buildCacheDir, task, candidate);
  if (!host.ok) return Stop(Failed(Verdict::CompileError, host.log));
  const DescribeRun described =
      DescribeInSandbox(host, PolicyIn(setup, task, golden, workDir / "describe"), task.opName);
  if (described.sandbox.verdict != SandboxVerdict::Ok)
    return Stop(FromSandbox(described.sandbox, "describe", described.stderrText));
  if (!described.result.op) return Stop(Failed(Verdict::CompileError, described.result.error));
  prepared.mapping = MapArguments(*described.result.op, task.kernelName, golden.manifest);
  if (!prepared.mapping.problem.empty())
    return Stop(Failed(Verdict::CompileError, "argument mapping: " + prepared.mapping.problem));
  const DescribeRun typed =
      DescribeInSandbox(host, PolicyIn(setup, task, golden, workDir / "prelude"), described.result.op->opType,
                        prepared.mapping.inputTypes, prepared.mapping.outputTypes);
  if (typed.sandbox.verdict != SandboxVerdict::Ok)
    return Stop(FromSandbox(typed.sandbox, "describe", typed.stderrText));
  if (typed.result.prelude.empty()) return Stop(Failed(Verdict::CompileError, typed.result.error));
  prepared.runner = BuildRunner(setup.buildCacheDir, host, task, candidate, typed.result.prelude);
  if (!prepared.runner.parseProblem.empty()) return Stop(Failed(Verdict::ParseError, prepared.runner.parseProblem));
  if (!prepared.runner.ok) return Stop(Failed(Verdict::CompileError, prepared.runner.log));
  prepared.cacheHit = host.cacheHit && prepared.runner.cacheHit;
  prepared.mapping.request.syncMode = setup.syncMode;
  return prepared;
}

// The runner's result.json in `runDir`, or the failure of a run that wrote none.
std::variant<RunnerResult, UnitRun> RunnerResultIn(const SandboxResult& sandbox, const fs::path& runDir) {
  const SandboxClassification classification = Classify(sandbox);
  if (classification.verdict == SandboxVerdict::Timeout || classification.verdict == SandboxVerdict::Crash ||
      !fs::exists(runDir / kRunnerResultFile))
    return FromSandbox(classification, "runner", sandbox.standardError.text);
  return RunnerResultFromJson(ReadJsonFile(runDir / kRunnerResultFile));
}

// The tiling run's failure, if it failed.
std::optional<UnitRun> TilingFailure(const SandboxResult& sandbox, const fs::path& tilingDir) {
  std::variant<RunnerResult, UnitRun> outcome = RunnerResultIn(sandbox, tilingDir);
  if (UnitRun* failed = std::get_if<UnitRun>(&outcome)) return std::move(*failed);
  const RunnerResult& result = std::get<RunnerResult>(outcome);
  if (result.status == RunnerStatus::TilingError) {
    UnitRun run = Failed(Verdict::TilingError, result.message);
    run.blockDim = result.blockDim;
    run.tilingKey = result.tilingKey;
    // The tiling function's own explanation, if it printed one (CANN ops log their reason).
    if (!sandbox.standardError.text.empty()) run.detail += "\ntiling output:\n" + sandbox.standardError.text;
    return run;
  }
  if (!fs::exists(tilingDir / kRunnerTilingFile))
    return Failed(Verdict::Crash, "runner: the tiling run wrote no " + std::string(kRunnerTilingFile));
  return std::nullopt;
}

UnitRun ReadRunnerResult(const SandboxResult& sandbox, const fs::path& runDir, const ArgumentMapping& mapping,
                         OutputStructure outputStructure) {
  std::variant<RunnerResult, UnitRun> outcome = RunnerResultIn(sandbox, runDir);
  if (UnitRun* failed = std::get_if<UnitRun>(&outcome)) return std::move(*failed);
  const RunnerResult& result = std::get<RunnerResult>(outcome);
  UnitRun run;
  run.diagnostics = result.diagnostics;
  run.blockDim = result.blockDim;
  run.tilingKey = result.tilingKey;
  run.detail = result.message;
  run.timing = result.timing;
  if (result.status == RunnerStatus::SimError) {
    run.failure = Verdict::SimError;
    for (const RunnerDiagnostic& diagnostic : result.diagnostics)
      if (diagnostic.severity == "error" && run.diagnosticKind.empty()) run.diagnosticKind = diagnostic.kind;
  } else {
    if (mapping.replay)
      run.needsReplay = true;
    else
      WriteCandidateOutputs(runDir, mapping.results, outputStructure);
    run.outputDir = runDir;
  }
  return run;
}

}  // namespace

std::optional<UnitRun> CandidateFailure(const Candidate& candidate) {
  if (!candidate.problem.empty()) return Failed(Verdict::ParseError, candidate.problem);
  if (!candidate.generatorLog.empty()) return Failed(Verdict::CompileError, candidate.generatorLog);
  return std::nullopt;
}

PreparedUnit PrepareUnit(const UnitSetup& setup, const Task& task, const Candidate& candidate, const GoldenCase& golden,
                         const fs::path& workDir) {
  if (std::optional<UnitRun> failure = CandidateFailure(candidate)) return Stop(std::move(*failure));
  fs::remove_all(workDir);
  fs::create_directories(setup.buildCacheDir);
  const auto buildStart = std::chrono::steady_clock::now();
  PreparedUnit prepared;
  try {
    prepared = Build(setup, task, candidate, golden, workDir);
  } catch (const std::runtime_error& error) {
    ThrowIfMachineFault(error, "building " + task.Key());
    prepared = Stop(Failed(Verdict::Crash, error.what()));  // a describe.json the candidate's code garbled
  }
  prepared.buildSeconds = SecondsSince(buildStart);
  if (prepared.failure) prepared.failure->buildSeconds = prepared.buildSeconds;
  return prepared;
}

// The files of the value-depend inputs, the only data the tiling function may see.
std::set<std::string> ValueDependFiles(const RunnerRequest& request) {
  std::set<std::string> files;
  for (const ParamArgument& input : request.inputs)
    if (input.valueDepend)
      for (const TensorArgument& tensor : input.tensors) files.insert(tensor.file);
  return files;
}

// Writes the run files (all of them, or those named in `only`) and the request into `directory`.
void StageRun(const ArgumentMapping& mapping, const RunnerRequest& request, const fs::path& directory,
              const std::optional<std::set<std::string>>& only) {
  for (const RunFile& file : mapping.files) {
    if (only && !only->count(file.name)) continue;
    if (file.source)
      fs::copy_file(*file.source, directory / file.name);
    else
      WriteFileBytes(directory / file.name, file.bytes.data(), file.bytes.size());
  }
  WriteJsonFile(directory / kRunnerRequestFile, ToJson(request));
}

// The runner's two runs: the tiling alone, in a folder and a process without the inputs' data
// (but the value-depend inputs'), then the launch with the tiling's outcome, by a program without
// the op_host code.
UnitRun RunBoth(const UnitSetup& setup, const Task& task, const GoldenCase& golden, const PreparedUnit& prepared,
                const fs::path& workDir) {
  const fs::path tilingDir = workDir / "tiling";
  const SandboxPolicy tilingPolicy = PolicyIn(setup, task, golden, tilingDir);
  RunnerRequest tilingRequest = prepared.mapping.request;
  tilingRequest.tilingOnly = true;
  StageRun(prepared.mapping, tilingRequest, tilingDir, ValueDependFiles(tilingRequest));
  const SandboxResult tiling = RunInSandbox(tilingPolicy, prepared.runner.program, {});
  if (std::optional<UnitRun> failure = TilingFailure(tiling, tilingDir)) return std::move(*failure);
  const fs::path runDir = workDir / "run";
  SandboxPolicy policy = PolicyIn(setup, task, golden, runDir);
  policy.limits.addressSpaceBytes += CaseTensorBytes(prepared.mapping.request);
  StageRun(prepared.mapping, prepared.mapping.request, runDir, std::nullopt);
  fs::copy_file(tilingDir / kRunnerTilingFile, runDir / kRunnerTilingFile);
  const SandboxResult sandbox = RunInSandbox(policy, prepared.runner.launchProgram, {});
  UnitRun run = ReadRunnerResult(sandbox, runDir, prepared.mapping, golden.manifest.outputStructure);
  const TilingOutcome outcome = TilingOutcomeFromJson(ReadJsonFile(tilingDir / kRunnerTilingFile));
  run.tilingFields = TilingFieldValues(outcome.tilingLayout, outcome.tilingData);
  return run;
}

UnitRun RunPrepared(const UnitSetup& setup, const Task& task, const GoldenCase& golden, const PreparedUnit& prepared,
                    const fs::path& workDir) {
  try {
    const auto runStart = std::chrono::steady_clock::now();
    UnitRun run = RunBoth(setup, task, golden, prepared, workDir);
    run.runSeconds = SecondsSince(runStart);
    run.buildSeconds = prepared.buildSeconds;
    run.buildCacheHit = prepared.cacheHit;
    return run;
  } catch (const std::runtime_error& error) {
    ThrowIfMachineFault(error, "running " + task.Key());
    // A result.json the candidate's code garbled, e.g. by writing over it.
    UnitRun run = Failed(Verdict::Crash, error.what());
    run.buildSeconds = prepared.buildSeconds;
    return run;
  }
}

UnitRun RunUnit(const UnitSetup& setup, const Task& task, const Candidate& candidate, const GoldenCase& golden,
                const fs::path& workDir) {
  const PreparedUnit prepared = PrepareUnit(setup, task, candidate, golden, workDir);
  if (prepared.failure) return *prepared.failure;
  return RunPrepared(setup, task, golden, prepared, workDir);
}

}  // namespace akgen::bench
