// What the two ways a MultiKernelBench candidate's ModelNew runs in the sandbox share: the six-string
// recording (mkb_call.h) and the direct launch (mkb_direct_launch.h). Both see a copy of the case's
// inputs and never its golden outputs, both exit with akgen_oracle's statuses, and every tensor file
// they write is the candidate's data, checked before it is read.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

#include "bench/oracle/manifest.h"
#include "bench/results/verdict.h"
#include "bench/sandbox/sandbox_result.h"

namespace akgen::bench {

// The case's constructor arguments and inputs, with their files, copied from the golden folder
// into `inputsDir` (manifest.json beside them); nothing else of the golden folder.
void StageCaseInputs(const std::filesystem::path& goldenDir, const std::filesystem::path& inputsDir);

// Why a tensor file the sandbox named is not a plain file inside `dir`, or "".
std::string ForeignFile(const ManifestValue& value, const std::filesystem::path& dir);

struct ModelNewFailure {
  Verdict verdict;
  std::string detail;
};

// The candidate's verdict for a sandboxed akgen_oracle run of its ModelNew that did not end with
// status 0: Timeout, Crash (a signal, or status 1: ModelNew failed), CompileError (status 5: its
// code does not load). Status 4, torch failing to import where no candidate code ran, is the
// machine's fault: EnvironmentFault naming `python`. Nothing when the run succeeded.
std::optional<ModelNewFailure> ModelNewRunFailure(const SandboxResult& result, const std::filesystem::path& python);

}  // namespace akgen::bench
