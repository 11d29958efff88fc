// manifest.json: the ordered list of a case's constructor arguments, inputs and outputs, as the
// python oracle (python/akgen_oracle/value_files.py) writes them. Tensors live beside it as raw
// little-endian element files; bfloat16 keeps its 16-bit patterns. Candidate outputs use the same
// format so one checker reads both.
#pragma once
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench/oracle/torch_dtype.h"

namespace akgen::bench {

enum class ValueKind { Tensor, TensorList, Scalar, ScalarList, String, None };

struct ManifestValue {
  std::string name;
  ValueKind kind = ValueKind::None;
  TorchDtype dtype = TorchDtype::Float32;  // Tensor; Scalar and ScalarList use bool, int64 or float64
  std::vector<int64_t> shape;              // Tensor
  std::filesystem::path file;              // Tensor: absolute path of the element bytes; empty when
                                           // a timing-only manifest keeps no contents (HasContents)
  std::vector<ManifestValue> items;        // TensorList: its tensors
  nlohmann::json value;                    // Scalar: number or bool; ScalarList: array; String: string

  bool HasContents() const { return !file.empty(); }
};

// How Model.forward returned its outputs: one value, or a tuple or list of them.
enum class OutputStructure { Single, Tuple, List };

// Where one value ModelNew returns lives: a view (element offset, shape, strides) of a tensor
// argument of the op call, or of one tensor of a tensor-list argument.
struct CallResult {
  size_t argument = 0;
  std::optional<size_t> item;  // set for a tensor-list argument
  int64_t offset = 0;
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
};

// How ModelNew calls the op, recorded through the task's pybind.cpp: the aclnn arguments in order
// (inputs, attributes, outputs, as the OpDef declares them) with tensors as they were at the call.
struct OpCall {
  std::string api;     // aclnn<Op>
  std::string source;  // pybind.cpp:LINE of the EXEC_NPU_CMD
  std::vector<ManifestValue> arguments;
  std::vector<CallResult> results;  // one per output of Model; empty when replayed
  // ModelNew returns values that are not views of the arguments (converted or computed after the
  // call): the harness replays ModelNew on the candidate's results instead (ReplayCandidateOutputs).
  bool replay = false;
};

// One aten op the task's Model ran on the CPU, as the modelled PyTorch-eager baseline costs it
// (python/akgen_oracle/eager_ops.py): bytes of its tensor inputs and outputs, bytes its vector
// units process, and its matmul/convolution work for the cube.
struct EagerOp {
  std::string op;  // aten::sqrt
  uint64_t gmBytes = 0;
  uint64_t vectorBytes = 0;
  uint64_t cubeFlops = 0;
};

struct Manifest {
  bool hasCustomChecker = false;  // the task defines custom_check_precision
  // Made for a timing-only run: shapes, dtypes, scalars and the op call, without golden outputs and
  // with only small tensors' contents; the call has no results.
  bool timingOnly = false;
  std::string note;  // how the oracle made the case, when unusual (`golden_note`)
  std::vector<ManifestValue> initInputs;
  std::vector<ManifestValue> inputs;
  std::vector<ManifestValue> outputs;
  OutputStructure outputStructure = OutputStructure::Single;
  std::optional<OpCall> call;  // golden manifests only
  std::vector<EagerOp> eagerOps;  // golden manifests only; launches in Model's order
  // A MultiKernelBench candidate's call record: the aten ops its ModelNew.forward runs around the
  // op call (bench/eval/mkb_call.h), charged to its time.
  std::vector<EagerOp> modelNewOps;
  // MultiKernelBench cases run at smaller shapes (OracleRequest::maxElements): each module-level
  // constant changed, with the task's value and the one used.
  std::map<std::string, std::pair<int64_t, int64_t>> scaledConstants;
};

inline constexpr const char* kManifestFileName = "manifest.json";

// Reads dir/manifest.json; throws OracleError naming the file and the malformed entry.
Manifest ReadManifest(const std::filesystem::path& dir);

// Writes dir/manifest.json; every tensor file must already be inside dir.
void WriteManifest(const std::filesystem::path& dir, const Manifest& manifest);

// Writes dir/<name>.bin and returns the tensor's entry; bytes must hold shape's elements exactly.
ManifestValue WriteTensor(const std::filesystem::path& dir, const std::string& name, TorchDtype dtype,
                          const std::vector<int64_t>& shape, const std::vector<std::byte>& bytes);

int64_t ElementCount(const std::vector<int64_t>& shape);

// A tensor's element bytes; throws OracleError if the file size does not match its shape and dtype.
std::vector<std::byte> ReadTensorBytes(const ManifestValue& tensor);

// A scalar's value as a double; the manifest spells non-finite values "nan", "inf", "-inf".
double JsonNumber(const nlohmann::json& value);

}  // namespace akgen::bench
