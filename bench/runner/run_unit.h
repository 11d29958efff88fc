// One (candidate, case) from sources to outputs: build (cached), describe the op in the sandbox,
// map the case's arguments, build the runner, run it in the sandbox on the case's inputs, and read
// back its result and outputs for the comparison stage.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bench/oracle/oracle.h"
#include "bench/results/verdict.h"
#include "bench/runner/runner_protocol.h"
#include "bench/sandbox/sandbox_policy.h"
#include "bench/task/candidate.h"
#include "bench/task/task.h"

namespace akgen::bench {

struct UnitSetup {
  std::filesystem::path buildCacheDir;
  // Limits and isolation for describe and runner. RunUnit sets the work directory and hides the
  // golden folder and the task folder.
  SandboxPolicy sandbox;
};

struct UnitRun {
  // Empty: the runner finished and `outputDir` holds outputs to compare. Otherwise one of
  // ParseError, CompileError, TilingError, SimError, Crash, Timeout.
  std::optional<Verdict> failure;
  std::string detail;          // compiler log, tiling message, first sim error, signal or limit
  std::string diagnosticKind;  // SimError: the first error diagnostic's kind
  std::vector<RunnerDiagnostic> diagnostics;  // warnings too, also on success
  uint32_t blockDim = 0;
  uint64_t tilingKey = 0;
  std::filesystem::path outputDir;  // manifest.json + output tensors, in the golden folder's format
  // The call is replayed: outputDir holds the tensor arguments as the run left them, and
  // ReplayCandidateOutputs must write its manifest.json before the comparison.
  bool needsReplay = false;
  bool buildCacheHit = false;       // both programs came from the cache
  double buildSeconds = 0;          // builds and describe runs
  double runSeconds = 0;            // the runner's sandboxed run
};

// `workDir` is created afresh (an earlier content is removed); `golden` supplies the input tensors,
// which are copied: the golden folder itself is never visible to the candidate.
UnitRun RunUnit(const UnitSetup& setup, const Task& task, const Candidate& candidate, const GoldenCase& golden,
                const std::filesystem::path& workDir);

}  // namespace akgen::bench
