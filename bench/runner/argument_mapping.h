// How a case's recorded op call (the golden manifest's `call`, taken from the task's pybind.cpp)
// becomes the runner's request. EXEC_NPU_CMD passes aclnn's arguments, which follow the OpDef:
// every input, then every attribute, then every output, each in declaration order (a built-in
// aclnn API with an order of its own is reordered first: builtin_aclnn_order.h).
// - an input or output argument is a tensor, a tensor list (a DYNAMIC parameter), an integer array
//   (an int64 tensor, as aclIntArray reaches ValueDepend inputs), a scalar (a one-element tensor of
//   the dtype the OpDef declares for the call's dtype combination) or none (an absent OPTIONAL one);
// - an output named like an input is that input (a reference parameter) and takes no argument;
// - an attribute argument is a number, a bool, a string or a number list; none keeps the default;
// - each value ModelNew returns is a view of one tensor argument, which the runner writes back; or,
//   for a replayed call, the runner writes back every tensor under its golden file name.
#pragma once
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bench/oracle/manifest.h"
#include "bench/runner/runner_protocol.h"

namespace akgen::bench {

// A file the run directory needs before the launch: a copy of a recorded tensor, or bytes made here.
struct RunFile {
  std::string name;
  std::optional<std::filesystem::path> source;
  std::vector<std::byte> bytes;  // when there is no source
};

// One returned value: the run-directory file of the tensor argument that holds it, and the view.
struct ResultSource {
  std::string file;
  TorchDtype dtype = TorchDtype::Float32;
  CallResult view;
};

struct ArgumentMapping {
  RunnerRequest request;                 // tensor files named relative to the run directory
  std::vector<std::string> inputTypes;   // per OpDef input (list or absent: as declared / first item)
  std::vector<std::string> outputTypes;  // per OpDef output
  std::vector<RunFile> files;
  std::vector<ResultSource> results;  // in the order Model returns its outputs; empty when replayed
  bool replay = false;                // every tensor is written back for ReplayCandidateOutputs
  std::string problem;                // non-empty: the op's declaration does not fit the call
};

ArgumentMapping MapArguments(const OpSignature& op, const std::string& kernelName, const Manifest& golden);

// `DT_FLOAT16` for float16, and back.
std::string CannDataTypeName(TorchDtype dtype);
std::optional<TorchDtype> TorchDtypeOfCann(const std::string& cannName);

}  // namespace akgen::bench
