// The oracle bridge: runs a task's PyTorch reference (python/akgen_oracle) in a child python process
// to produce one case's inputs and golden outputs, cached on disk, and runs a task's
// custom_check_precision on golden and candidate outputs.
#pragma once
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "bench/oracle/manifest.h"

namespace akgen::bench {

struct OracleConfig {
  std::filesystem::path python = "/usr/bin/python3";  // needs torch and numpy
  std::filesystem::path packageDir;                   // the folder holding akgen_oracle/ (repo's python/)
  std::filesystem::path cacheDir;                     // golden outputs, one folder per cache key
  std::filesystem::path pybindCacheDir;               // tasks' compiled pybind.cpp modules
  std::chrono::seconds timeout{600};
};

// python from env AKGEN_PYTHON, else /usr/bin/python3 (Debian's, which has python3-torch); compiled
// pybind modules go to env AKGEN_PYBIND_CACHE, else cacheDir/pybind-modules (a module depends only on
// the binding's text, torch and the compiler, so caches can share one folder).
OracleConfig OracleConfigFromEnvironment(std::filesystem::path packageDir, std::filesystem::path cacheDir);

// One row of test_cases.csv as raw strings, in column order (`case_id` first).
using CaseRow = std::vector<std::pair<std::string, std::string>>;

struct OracleRequest {
  std::filesystem::path validationDir;  // the task's validation/ folder
  CaseRow caseRow;
  uint64_t seed = 0;
  std::string opName;      // `Sqrt`: pybind.cpp's aclnnCustomOp becomes aclnnSqrt
  std::string kernelName;  // `sqrt`: its custom_pybind_api becomes kernel_gen_ops.sqrt
  // Describe the case for a timing-only run (production shapes): meta tensors, no golden outputs,
  // only small tensors' contents (Manifest::timingOnly).
  bool timingOnly = false;
};

struct GoldenCase {
  std::filesystem::path dir;  // manifest.json and the tensor files
  Manifest manifest;
  bool fromCache = false;
};

// Inputs and golden outputs of one case, and the op call ModelNew makes through pybind.cpp. Reuses
// the cached folder when the validation files, the oracle scripts, the row and the seed are unchanged. Throws OracleError with the task file and
// line at fault when the reference fails.
GoldenCase ProduceGolden(const OracleConfig& config, const OracleRequest& request);

// For a replayed call (OpCall::replay): reruns ModelNew on the golden inputs with the op's tensor
// arguments as runDir holds them after the candidate's run, and writes runDir/manifest.json with
// what it returns. Throws OracleError when ModelNew fails on them.
void ReplayCandidateOutputs(const OracleConfig& config, const OracleRequest& request,
                            const std::filesystem::path& goldenDir, const std::filesystem::path& runDir);

struct CustomVerdict {
  bool pass = false;
  double maxAbsDiff = 0;
  double maxRelDiff = 0;
};

// Calls the task's custom_check_precision(param, golden outputs, candidate outputs); both folders
// hold a manifest.json with outputs. Throws OracleError when the checker cannot run.
CustomVerdict RunCustomCheck(const OracleConfig& config, const OracleRequest& request,
                             const std::filesystem::path& goldenDir, const std::filesystem::path& candidateDir);

}  // namespace akgen::bench
