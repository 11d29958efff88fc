// How a case's oracle values become the op's arguments. A documented heuristic until the
// validation/pybind.cpp route (docs/harness-design.md) replaces it:
// - the manifest's input tensors map to the OpDef inputs in declaration order; an OPTIONAL input
//   takes the next tensor only while more tensors remain than REQUIRED inputs still to fill, else it
//   is absent (nullptr); DYNAMIC inputs (tensor lists) are not supported yet;
// - the Python scalars of forward's inputs, then of the constructor's (Model(...)) inputs, map to
//   the OpDef attributes in declaration order; attributes left over keep their defaults;
// - the golden outputs give the OpDef outputs' shapes and dtypes, in order.
#pragma once
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "bench/oracle/manifest.h"
#include "bench/runner/runner_protocol.h"

namespace akgen::bench {

struct ArgumentMapping {
  RunnerRequest request;                 // tensor files named relative to the work directory
  std::vector<std::string> inputTypes;   // per OpDef input (an absent one: its first declared type)
  std::vector<std::string> outputTypes;  // per OpDef output
  std::vector<std::pair<std::filesystem::path, std::string>> inputFiles;  // golden file → work dir name
  Manifest candidateOutputs;             // the outputs the runner writes, as the comparison reads them
  std::string problem;                   // non-empty: the op's declaration does not fit the case
};

ArgumentMapping MapArguments(const OpSignature& op, const std::string& kernelName, const Manifest& golden);

// `DT_FLOAT16` for float16.
std::string CannDataTypeName(TorchDtype dtype);

}  // namespace akgen::bench
