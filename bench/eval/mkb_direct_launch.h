// One case of a MultiKernelBench direct-launch candidate: its ModelNew runs in the sandbox
// (python/akgen_oracle/mkb_direct.py) with the module the harness built from its answer
// (bench/builder/direct_launch_build.h), whose `<<<>>>` launches run the kernels on the simulator
// in that process. The run sees a copy of the case's inputs, never the golden outputs, and leaves
// what ModelNew returns, the simulated time of each launch and the simulator's diagnostics.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bench/builder/direct_launch_build.h"
#include "bench/oracle/manifest.h"
#include "bench/oracle/oracle.h"
#include "bench/results/verdict.h"
#include "bench/runner/runner_protocol.h"
#include "bench/sandbox/sandbox_policy.h"

namespace akgen::bench {

struct DirectLaunchSetup {
  SandboxPolicy sandbox;            // limits, uid and hidden paths; the work folder is set here
  std::filesystem::path python;     // the oracle's interpreter (with torch)
  std::filesystem::path packageDir; // holds akgen_oracle/, readable by the sandbox user
  std::filesystem::path sourcesDir; // the candidate's files at their own paths
  std::string entry;                // the source defining ModelNew (entry.model's file)
  std::string syncMode;             // the simulator's AKGEN_SIM_SYNC: auto or strict
  DirectLaunchBuild build;          // built
};

struct DirectLaunchRun {
  std::optional<Verdict> failure;  // CompileError (does not load), SimError, Crash, Timeout
  std::string detail;
  std::string diagnosticKind;                // of the error that stopped a launch
  std::vector<RunnerDiagnostic> warnings;    // what the simulator noted without stopping
  std::optional<LaunchTiming> timing;        // all launches together; none when ModelNew launched nothing
  std::vector<EagerOp> modelNewOps;          // the aten ops ModelNew.forward ran itself
  std::filesystem::path outputDir;           // manifest.json with what ModelNew returned
};

// `workDir` is created afresh.
DirectLaunchRun RunDirectLaunch(const DirectLaunchSetup& setup, const GoldenCase& golden,
                                const std::filesystem::path& workDir);

}  // namespace akgen::bench
