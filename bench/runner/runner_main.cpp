// `runner` and `launch`: a candidate's kernel and the generated launch shim, `runner` also with its
// op_host objects, each run in the sandbox with the work directory as its working directory and
// reading request.json. `runner` runs the op's tiling (a tiling-only request) and writes
// tiling.json. `launch` holds no op_host code, whose static initialisers could otherwise read the
// inputs or rewrite result.json: it reads tiling.json, places the tensors (outputs as pybind.cpp
// allocated them), workspace and tiling bytes in simulated GM, launches the kernel in the request's
// sync mode, and writes back the tensors the harness reads and result.json with the cost model's
// timing (runner_protocol.h). A timing-only request runs the simulator without moving data and
// writes no tensor back.
#include <cstring>
#include <deque>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <numeric>
#include <utility>

#include "ascendc_sim/host/op_runtime.h"
#include "bench/runner/device_allocation.h"
#include "bench/runner/runner_protocol.h"
#include "diagnostics.h"
#include "graph/utils/type_utils.h"
#include "launch_profile.h"
#include "scalar_code.h"

// Defined by the launch shim the builder generates for the candidate's kernel entry.
int AkgenKernelArgumentCount();
int AkgenLaunchKernel(uint32_t blockDim, uint8_t** args, int count);

namespace {

using namespace akgen::bench;
namespace host = ascendc_sim::host;
namespace rt = ascendc_sim::rt;

// Sized from the file, so a large tensor is held once (growing a vector would reserve up to twice).
std::vector<uint8_t> ReadBytes(const std::string& file) {
  std::ifstream in(file, std::ios::binary | std::ios::ate);
  if (!in) throw std::runtime_error(file + ": cannot open input tensor");
  std::vector<uint8_t> bytes(static_cast<size_t>(in.tellg()));
  in.seekg(0);
  if (!in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size())))
    throw std::runtime_error(file + ": cannot read input tensor");
  return bytes;
}

size_t ByteSize(const TensorArgument& tensor) {
  const int64_t elements = std::accumulate(tensor.shape.begin(), tensor.shape.end(), int64_t{1}, std::multiplies<>());
  const ge::DataType type = ge::TypeUtils::SerialStringToDataType(tensor.dataType);
  return static_cast<size_t>(elements) * static_cast<size_t>(ge::GetSizeByDataType(type));
}

// A tensor's contents: its file's, or zeros for a zero-filled one.
std::vector<uint8_t> TensorBytes(const TensorArgument& tensor) {
  if (tensor.zeroFilled) return std::vector<uint8_t>(ByteSize(tensor));
  std::vector<uint8_t> bytes = ReadBytes(tensor.file);
  if (bytes.size() != ByteSize(tensor))
    throw std::runtime_error(tensor.file + ": holds " + std::to_string(bytes.size()) + " bytes, its shape and " +
                             tensor.dataType + " need " + std::to_string(ByteSize(tensor)));
  return bytes;
}

host::AttrValue ToAttrValue(const AttrArgument& attr) {
  if (attr.kind == "int") return host::IntAttr(attr.value.get<int64_t>());
  if (attr.kind == "float") return host::FloatAttr(attr.value.get<float>());
  if (attr.kind == "bool") return host::BoolAttr(attr.value.get<bool>());
  if (attr.kind == "string") return host::StringAttr(attr.value.get<std::string>());
  if (attr.kind == "list_int") return host::ListIntAttr(attr.value.get<std::vector<int64_t>>());
  if (attr.kind == "list_float") return host::ListFloatAttr(attr.value.get<std::vector<float>>());
  throw std::runtime_error("attribute '" + attr.name + "': kind '" + attr.kind + "' is not supported by the runner");
}

uint8_t* GmCopy(const std::vector<uint8_t>& bytes) {
  if (bytes.empty()) return nullptr;
  auto* gm = static_cast<uint8_t*>(rt::GmAlloc(bytes.size()));
  std::memcpy(gm, bytes.data(), bytes.size());
  return gm;
}

// One GM buffer per tensor, filled from its file (or left zero).
struct GmTensor {
  const TensorArgument* argument = nullptr;
  uint8_t* gm = nullptr;
};

// Each tensor in GM as torch_npu places it (device_allocation.h): answers read whole 32-byte blocks
// past a small tensor's end (a one-element scalar) or store padded tail tiles past an output's
// (ExpandV2), which is harmless on the NPU. Its block is accessed silently; the rest of its segment
// with a gm-out-of-bounds warning (an error under AKGEN_SIM_STRICT=1). Both hold 0xFF bytes (NaN,
// or -1), so a kernel that uses what it reads there computes garbage; past the segment is an error.
constexpr uint8_t kPaddingByte = 0xFF;

uint8_t* TensorAlloc(size_t bytes) {
  const size_t block = DeviceBlockBytes(bytes);
  const size_t segment = DeviceSegmentBytes(bytes);
  auto* gm = static_cast<uint8_t*>(rt::GmAllocInSegment(block, segment));
  std::memset(gm + bytes, kPaddingByte, segment - bytes);
  return gm;
}

// Every tensor of the launch in GM, once per file: a reference parameter's output is its input's
// tensor. std::map keeps the entries in place, so parameters can point at them.
using PlacedTensors = std::map<std::string, GmTensor>;

const GmTensor& Place(const TensorArgument& tensor, PlacedTensors& placedTensors) {
  if (const auto placed = placedTensors.find(tensor.file); placed != placedTensors.end()) return placed->second;
  GmTensor placed{&tensor, TensorAlloc(ByteSize(tensor))};
  if (!tensor.zeroFilled) {
    const std::vector<uint8_t> bytes = TensorBytes(tensor);
    std::memcpy(placed.gm, bytes.data(), bytes.size());
  }
  return placedTensors.emplace(tensor.file, std::move(placed)).first->second;
}

// A DYNAMIC parameter reaches the kernel as one ListTensorDesc block: the byte offset of the pointer
// array, then per tensor a word holding its rank (low half) and index (high half) followed by its
// dims, then one data pointer per tensor.
uint8_t* ListTensorDesc(const std::vector<const GmTensor*>& tensors) {
  std::vector<uint64_t> words{0};
  for (size_t i = 0; i < tensors.size(); ++i) {
    const std::vector<int64_t>& shape = tensors[i]->argument->shape;
    words.push_back(static_cast<uint64_t>(shape.size()) | (static_cast<uint64_t>(i) << 32));
    for (int64_t extent : shape) words.push_back(static_cast<uint64_t>(extent));
  }
  words[0] = words.size() * sizeof(uint64_t);
  for (const GmTensor* tensor : tensors) words.push_back(reinterpret_cast<uintptr_t>(tensor->gm));
  std::vector<uint8_t> bytes(words.size() * sizeof(uint64_t));
  std::memcpy(bytes.data(), words.data(), bytes.size());
  return GmCopy(bytes);
}

// A parameter's tensors in GM; returns the kernel argument that stands for them.
uint8_t* Place(const ParamArgument& param, PlacedTensors& placedTensors) {
  std::vector<const GmTensor*> tensors;
  for (const TensorArgument& tensor : param.tensors) tensors.push_back(&Place(tensor, placedTensors));
  if (param.dynamic) return ListTensorDesc(tensors);
  return tensors.empty() ? nullptr : tensors.front()->gm;
}

// The tiling function's view of a parameter: shapes and dtypes, and the data of a value-depend
// input alone (kept in `data`), as on CANN, where the other inputs' data is on the device.
std::vector<host::TensorSpec> TilingSpecs(const ParamArgument& param, std::deque<std::vector<uint8_t>>& data) {
  std::vector<host::TensorSpec> specs;
  for (const TensorArgument& tensor : param.tensors) {
    const ge::DataType type = ge::TypeUtils::SerialStringToDataType(tensor.dataType);
    const void* values = param.valueDepend ? data.emplace_back(TensorBytes(tensor)).data() : nullptr;
    specs.push_back({tensor.shape, type, ge::FORMAT_ND, values});
  }
  return specs;
}

void WriteBack(const PlacedTensors& placedTensors) {
  for (const auto& [file, tensor] : placedTensors)
    if (tensor.argument->writeBack)
      std::ofstream(file, std::ios::binary)
          .write(reinterpret_cast<const char*>(tensor.gm), static_cast<std::streamsize>(ByteSize(*tensor.argument)));
}

std::vector<RunnerDiagnostic> CollectDiagnostics() {
  std::vector<RunnerDiagnostic> collected;
  for (const ascendc_sim::Diagnostic& diagnostic : ascendc_sim::TakeDiagnostics()) {
    collected.push_back({diagnostic.kind, diagnostic.severity == ascendc_sim::Severity::kError ? "error" : "warning",
                         diagnostic.file, diagnostic.line, diagnostic.api, diagnostic.block, diagnostic.message});
  }
  return collected;
}

std::string FirstErrorMessage(const std::vector<RunnerDiagnostic>& diagnostics) {
  for (const RunnerDiagnostic& diagnostic : diagnostics)
    if (diagnostic.severity == "error") return Describe(diagnostic);
  return "the launch failed without a diagnostic";
}

ascendc_sim::SyncMode SimulatorSyncMode(SyncMode mode) {
  return mode == SyncMode::Strict ? ascendc_sim::SyncMode::kStrict : ascendc_sim::SyncMode::kAuto;
}

LaunchTiming TimingOf(const ascendc_sim::LaunchProfile& profile) {
  return {profile.microseconds, profile.cycles, profile.bound, ascendc_sim::ToJson(profile)};
}

// The layout as tiling_fields.h reads it: {"name", "bytes", "fields": [{"type", "name", "offset",
// "bytes", "count", "nested"}]}.
nlohmann::json LayoutJson(const host::TilingClassLayout& layout) {
  nlohmann::json fields = nlohmann::json::array();
  for (const host::TilingFieldLayout& field : layout.fields)
    fields.push_back({{"type", field.type},
                      {"name", field.name},
                      {"offset", field.offset},
                      {"bytes", field.bytes},
                      {"count", field.arrayCount},
                      {"nested", field.nested ? LayoutJson(*field.nested) : nlohmann::json()}});
  return {{"name", layout.name}, {"bytes", layout.bytes}, {"fields", fields}};
}

// The op's tiling, in a process that holds no input data but the value-depend inputs'; writes
// kRunnerTilingFile for the launch.
RunnerResult RunTilingAlone(const RunnerRequest& request) {
  std::deque<std::vector<uint8_t>> data;
  host::TilingRequest tilingRequest{request.opType, {}, {}, {}};
  for (const ParamArgument& input : request.inputs) tilingRequest.inputs.push_back(TilingSpecs(input, data));
  for (const ParamArgument& output : request.outputs) tilingRequest.outputs.push_back(TilingSpecs(output, data));
  for (const AttrArgument& attr : request.attrs) tilingRequest.attrs[attr.name] = ToAttrValue(attr);
  const host::TilingResult tiling = host::RunTiling(tilingRequest);
  RunnerResult result;
  result.blockDim = tiling.blockDim;
  result.tilingKey = tiling.tilingKey;
  if (!tiling.ok) {
    result.status = RunnerStatus::TilingError;
    result.message = tiling.error;
    return result;
  }
  const std::optional<host::OpDescription> op = host::DescribeOp(request.opType);
  const std::optional<host::TilingClassLayout> layout = host::TilingLayoutFor(request.opType, tiling.tilingKey);
  WriteJsonFile(kRunnerTilingFile,
                ToJson(TilingOutcome{tiling.blockDim, tiling.tilingKey, tiling.workspaceSizes, tiling.tilingData,
                                     op ? host::ComputedShapesBytes(*op) : 0,
                                     layout ? LayoutJson(*layout) : nlohmann::json()}));
  return result;
}

// The launch, with the tiling run's outcome.
RunnerResult Launch(const RunnerRequest& request) {
  const TilingOutcome tiling = TilingOutcomeFromJson(ReadJsonFile(kRunnerTilingFile));
  RunnerResult result;
  result.blockDim = tiling.blockDim;
  result.tilingKey = tiling.tilingKey;
  PlacedTensors placedTensors;
  std::vector<uint8_t*> args;
  for (const ParamArgument& input : request.inputs) args.push_back(Place(input, placedTensors));
  for (const ParamArgument& output : request.outputs) args.push_back(Place(output, placedTensors));
  // CANN allocates what the tiling function asks for; a tiling that wants the library's system
  // workspace (GetLibApiWorkSpaceSize) adds it itself.
  const size_t workspaceBytes = std::accumulate(tiling.workspaceSizes.begin(), tiling.workspaceSizes.end(), size_t{0});
  // The kernel writes the shapes of OutputShapeDependOnCompute outputs here; the recorded call
  // already narrows such an output as pybind.cpp does, so nothing reads them back.
  if (tiling.computedShapesBytes != 0) args.push_back(static_cast<uint8_t*>(rt::GmAlloc(tiling.computedShapesBytes)));
  args.push_back(workspaceBytes ? static_cast<uint8_t*>(rt::GmAlloc(workspaceBytes)) : nullptr);
  args.push_back(GmCopy(tiling.tilingData));

  const int expected = AkgenKernelArgumentCount();
  if (static_cast<int>(args.size()) != expected) {
    result.status = RunnerStatus::SimError;
    result.diagnostics.push_back({"kernel-arguments", "error", "", 0, request.kernelName, -1, ""});
    result.message = result.diagnostics.back().message =
        "kernel " + request.kernelName + " takes " + std::to_string(expected) + " arguments, op " + request.opType +
        " passes " + std::to_string(args.size()) +
        " (its inputs, outputs, computed-shapes buffer if an output has OutputShapeDependOnCompute, workspace and "
        "tiling)";
    return result;
  }
  rt::SetTilingKey(tiling.tilingKey);
  ascendc_sim::SetSyncMode(SimulatorSyncMode(request.syncMode));
  ascendc_sim::SetTimingOnly(request.timingOnly);
  ascendc_sim::ConfineKernelStores();
  const int status = AkgenLaunchKernel(tiling.blockDim, args.data(), static_cast<int>(args.size()));
  result.diagnostics = CollectDiagnostics();
  if (status != 0) {  // every error diagnostic, [sync-hazard] and [unpaired-flag] too, stops the launch
    result.status = RunnerStatus::SimError;
    result.message = FirstErrorMessage(result.diagnostics);
    return result;
  }
  // The runner launches the kernel once (a kernel cannot launch another): one profile.
  result.timing = TimingOf(ascendc_sim::TakeLaunchProfiles().at(0));
  if (!request.timingOnly) WriteBack(placedTensors);
  return result;
}

int ExitStatus(RunnerStatus status) {
  switch (status) {
    case RunnerStatus::Ok:
      return kRunnerExitOk;
    case RunnerStatus::TilingError:
      return kRunnerExitTilingError;
    case RunnerStatus::SimError:
      return kRunnerExitSimError;
  }
  return 1;
}

}  // namespace

int main() {
  try {
    const RunnerRequest request = RunnerRequestFromJson(ReadJsonFile(kRunnerRequestFile));
    const RunnerResult result = request.tilingOnly ? RunTilingAlone(request) : Launch(request);
    WriteJsonFile(kRunnerResultFile, ToJson(result));
    return ExitStatus(result.status);
  } catch (const std::exception& error) {
    std::cerr << "runner: " << error.what() << "\n";
    return 1;
  }
}
