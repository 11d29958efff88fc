// One (candidate, case) from sources to outputs: build (cached), describe the op in the sandbox,
// map the case's arguments, build the runner (PrepareUnit), run it in the sandbox on the case's
// inputs (RunPrepared), and read back its result, outputs and simulated time for the comparison
// stage and the record.
#pragma once
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench/builder/candidate_build.h"
#include "bench/oracle/oracle.h"
#include "bench/results/verdict.h"
#include "bench/runner/argument_mapping.h"
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
  SyncMode syncMode = SyncMode::Auto;
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
  nlohmann::ordered_json tilingFields;  // the tiling's values by field (tiling_fields.h); null when unknown
  std::filesystem::path outputDir;  // manifest.json + output tensors, in the golden folder's format
  // The call is replayed: outputDir holds the tensor arguments as the run left them, and
  // ReplayCandidateOutputs must write its manifest.json before the comparison.
  bool needsReplay = false;
  bool buildCacheHit = false;       // both programs came from the cache
  double buildSeconds = 0;          // builds and describe runs
  double runSeconds = 0;            // the runner's sandboxed run
  std::optional<LaunchTiming> timing;  // the cost model's, when the kernel ran to its end
};

// A candidate's programs for one case, built, with the case's arguments mapped onto its op.
struct PreparedUnit {
  std::optional<UnitRun> failure;  // set when the candidate does not get this far
  ArgumentMapping mapping;
  RunnerBuild runner;  // runner.directory is named by the build's key
  bool cacheHit = false;
  double buildSeconds = 0;
};

// The failure of a candidate that cannot be built at all, known before any case is prepared: a
// parse_error (no usable sources) or a compile_error (its sources could not be generated).
std::optional<UnitRun> CandidateFailure(const Candidate& candidate);

// `workDir` is created afresh (an earlier content is removed); `golden` supplies the input tensors,
// which are copied: the golden folder itself is never visible to the candidate.
PreparedUnit PrepareUnit(const UnitSetup& setup, const Task& task, const Candidate& candidate, const GoldenCase& golden,
                         const std::filesystem::path& workDir);
// Runs a prepared unit (which must have no failure) in workDir/run.
UnitRun RunPrepared(const UnitSetup& setup, const Task& task, const GoldenCase& golden, const PreparedUnit& prepared,
                    const std::filesystem::path& workDir);
// Both.
UnitRun RunUnit(const UnitSetup& setup, const Task& task, const Candidate& candidate, const GoldenCase& golden,
                const std::filesystem::path& workDir);

}  // namespace akgen::bench
