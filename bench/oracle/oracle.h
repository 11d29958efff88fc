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
  std::filesystem::path validationDir;  // the task's validation/ folder; MultiKernelBench: the task file's folder
  CaseRow caseRow;
  uint64_t seed = 0;
  std::string opName;      // `Sqrt`: pybind.cpp's aclnnCustomOp becomes aclnnSqrt
  std::string kernelName;  // `sqrt`: its custom_pybind_api becomes kernel_gen_ops.sqrt
  // Describe the case for a timing-only run (production shapes): meta tensors, no golden outputs,
  // only small tensors' contents (Manifest::timingOnly).
  bool timingOnly = false;
  // MultiKernelBench: the task file (reference/<category>/<task>.py); empty for NPUKernelBench. Its
  // op call is the candidate's, so the manifest has none (python/akgen_oracle/mkb_task.py).
  std::filesystem::path referenceFile = {};
  // MultiKernelBench: a case whose inputs hold more elements runs at smaller shapes (0: never); not
  // for timing-only cases, which keep the task's shapes.
  int64_t maxElements = 0;
  // MultiKernelBench: the paper's shapes where the file still has their constants
  // (python/akgen_oracle/mkb_paper_shapes.json), before any scaling.
  bool paperShapes = false;
};

// 2^24: 64 MiB of float32 inputs. The optimizers and the cosine-similarity loss keep their own
// shapes; a case's golden files stay near 100 MiB, so the five trials of all 52 tasks of
// AscendCraft's categories fit in a few tens of GB of cache. MultiKernelBench's current shapes reach
// 2^31 elements per tensor.
inline constexpr int64_t kDefaultMaxElements = int64_t{1} << 24;

struct Task;
struct TestCase;
// How a MultiKernelBench case is shaped: OracleRequest::maxElements and paperShapes.
struct MkbShapes {
  int64_t maxElements = kDefaultMaxElements;
  bool paper = false;
};

// The request for one case of `task`, of either benchmark.
OracleRequest OracleRequestFor(const Task& task, const TestCase& testCase, uint64_t seed, bool timingOnly,
                               MkbShapes shapes = {});

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
