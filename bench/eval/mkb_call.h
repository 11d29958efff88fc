// How a MultiKernelBench candidate's ModelNew calls its op, for one case: its model_src runs in the
// sandbox (python/akgen_oracle/mkb_record.py) on the case's constructor arguments and inputs, with
// its own binding (bench/builder/binding_build.h) recording the EXEC_NPU_CMD call. The sandbox sees
// the inputs, copied, and never the golden outputs. The call it writes is the candidate's data:
// every tensor file it names must be a plain file beside it, or the record is refused.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

#include "bench/oracle/manifest.h"
#include "bench/oracle/oracle.h"
#include "bench/results/verdict.h"
#include "bench/sandbox/sandbox_policy.h"

namespace akgen::bench {

struct MkbCallSetup {
  SandboxPolicy sandbox;                  // limits, uid and hidden paths; the work folder is set here
  std::filesystem::path python;           // the oracle's interpreter (with torch)
  std::filesystem::path packageDir;       // holds akgen_oracle/, readable by the sandbox user
  std::filesystem::path bindingLibrary;   // the candidate's custom_ops_lib.so
  std::filesystem::path modelFile;        // the candidate's model_src
  bool timingOnly = false;
};

struct MkbCall {
  std::optional<OpCall> call;      // set when recorded
  std::vector<EagerOp> modelNewOps;  // the aten ops ModelNew.forward ran around the call
  std::optional<Verdict> failure;  // CompileError (model_src or its binding does not load), Crash, Timeout
  std::string detail;
};

// `recordDir` is created afresh.
MkbCall RecordMkbCall(const MkbCallSetup& setup, const GoldenCase& golden, const std::filesystem::path& recordDir);

// For a recorded call to replay (OpCall::replay: ModelNew computes on the op's results): reruns
// ModelNew in the sandbox on the tensors the runner left in `runDir`, which receives manifest.json
// with what ModelNew returns. The failure, when ModelNew fails on them or writes what is refused.
std::optional<MkbCall> ReplayMkbCall(const MkbCallSetup& setup, const GoldenCase& golden,
                                     const std::filesystem::path& recordDir, const std::filesystem::path& runDir);

}  // namespace akgen::bench
