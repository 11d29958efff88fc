// The files the harness and its sandboxed programs exchange in a work directory. The harness writes
// request.json and the input tensors; `runner` writes result.json and the output tensors; `describe`
// writes describe.json. Data types are CANN's serial names (`DT_FLOAT16`), shapes are element
// counts per dimension, tensor files are raw little-endian elements named relative to the work
// directory. This header uses only the standard library and nlohmann-json so both sides compile it.
#pragma once
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace akgen::bench {

inline constexpr const char* kRunnerRequestFile = "request.json";
inline constexpr const char* kRunnerResultFile = "result.json";
inline constexpr const char* kRunnerTilingFile = "tiling.json";
inline constexpr const char* kDescribeResultFile = "describe.json";

// The runner's exit status; a signal means it crashed.
inline constexpr int kRunnerExitOk = 0;
inline constexpr int kRunnerExitTilingError = 2;
inline constexpr int kRunnerExitSimError = 3;

// ---- describe: the op the candidate's op_host registered ----

struct ParamSignature {
  std::string name;
  std::string paramType;               // "required", "optional" or "dynamic"
  std::vector<std::string> dataTypes;  // the OpDef's DataType list
  bool valueDepend = false;            // ValueDepend: the tiling function reads its data
};

struct AttrSignature {
  std::string name;
  std::string kind;  // "int", "float", "bool", "string", "list_int", "list_float", "list_bool", "list_list_int"
  bool required = false;
};

struct OpSignature {
  std::string opType;
  std::vector<ParamSignature> inputs;
  std::vector<ParamSignature> outputs;
  std::vector<AttrSignature> attrs;
};

// describe.json: the chosen op and, when dtypes were given, the kernel prelude for them.
struct DescribeResult {
  std::vector<std::string> registeredOps;
  std::optional<OpSignature> op;
  std::string prelude;
  std::string error;  // why no op or no prelude
};

// ---- runner: one launch of the candidate's op ----

// A tensor's file holds its contents before the launch; with writeBack the runner replaces them
// with the contents after it. A zero-filled tensor has no file (a timing-only run at a production
// shape): it starts as zeros, and `file` only names it.
struct TensorArgument {
  std::vector<int64_t> shape;
  std::string dataType;
  std::string file;
  bool writeBack = false;
  bool zeroFilled = false;
};

// One OpDef input or output: one tensor; none for an absent OPTIONAL input (passed as nullptr); or,
// for a DYNAMIC one, a tensor list, passed as the address of a ListTensorDesc block in GM.
struct ParamArgument {
  std::string name;
  std::vector<TensorArgument> tensors;
  bool dynamic = false;
  bool valueDepend = false;  // as its ParamSignature
};

struct AttrArgument {
  std::string name;
  std::string kind;  // as AttrSignature::kind
  nlohmann::json value;
};

// How the simulator treats missing synchronisation between pipes (ascendc_sim::SyncMode): `auto`
// as a build with the compiler's automatic synchronisation (--cce-auto-sync=on, how NPUKernelBench
// builds), `strict` reports every hazard as a [sync-hazard] error.
enum class SyncMode { Auto, Strict };

const char* ToString(SyncMode mode);                             // "auto", "strict"
std::optional<SyncMode> ParseSyncMode(const std::string& text);  // nullopt for anything else

// The kernel is called with the inputs, the outputs, the workspace and the tiling, in that order.
struct RunnerRequest {
  std::string opType;
  std::string kernelName;
  std::vector<ParamArgument> inputs;
  std::vector<ParamArgument> outputs;
  std::vector<AttrArgument> attrs;  // absent attributes take the OpDef's default
  SyncMode syncMode = SyncMode::Auto;
  // The simulator checks and times the kernel but moves no data (ascendc_sim::SetTimingOnly), and
  // the runner writes nothing back.
  bool timingOnly = false;
  // The runner runs the op's tiling alone and writes kRunnerTilingFile; a launch reads that file.
  // The harness runs the two apart, the tiling where no input data but the value-depend inputs'
  // exists (no file, nothing in memory), so a tiling function cannot compute outputs on the host.
  bool tilingOnly = false;
};

// What the tiling run hands the launch, which runs without the op_host code.
struct TilingOutcome {
  uint32_t blockDim = 0;
  uint64_t tilingKey = 0;
  std::vector<size_t> workspaceSizes;
  std::vector<uint8_t> tilingData;
  // The buffer the kernel writes OutputShapeDependOnCompute outputs' shapes into; 0 for none.
  size_t computedShapesBytes = 0;
  // The tiling class the kernel reads (bench/runner/tiling_fields.h), so the harness can name the
  // values in tilingData; null when the op registers none.
  nlohmann::json tilingLayout;
};

struct RunnerDiagnostic {
  std::string kind;      // the simulator's diagnostic kind, e.g. "gm-out-of-bounds"
  std::string severity;  // "error" or "warning"
  std::string file;
  uint32_t line = 0;
  std::string api;
  int64_t block = -1;
  std::string message;
};

// "kind: message (at file:line in API, block b)": the kind first, as records are grouped by it,
// then where in the kernel it happened, which is what a person or a repairing model acts on.
std::string Describe(const RunnerDiagnostic& diagnostic);

enum class RunnerStatus { Ok, TilingError, SimError };

// What the simulator's cost model says about the launch (ascendc_sim::LaunchProfile).
struct LaunchTiming {
  double microseconds = 0;  // device time at the SoC's clock plus the launch overhead
  uint64_t cycles = 0;
  std::string bound;       // the busiest pipe of the critical block: "MTE2", "V", "MTE3", "S", …
  nlohmann::json profile;  // all of it, as ascendc_sim::ToJson writes it
};

struct RunnerResult {
  RunnerStatus status = RunnerStatus::Ok;
  std::string message;
  uint32_t blockDim = 0;
  uint64_t tilingKey = 0;
  std::vector<RunnerDiagnostic> diagnostics;
  std::optional<LaunchTiming> timing;  // set when the kernel ran to its end
};

nlohmann::json ToJson(const DescribeResult& result);
nlohmann::json ToJson(const RunnerRequest& request);
nlohmann::json ToJson(const RunnerResult& result);
nlohmann::json ToJson(const TilingOutcome& tiling);
// The From* functions throw std::runtime_error naming the missing or malformed field.
DescribeResult DescribeResultFromJson(const nlohmann::json& json);
RunnerRequest RunnerRequestFromJson(const nlohmann::json& json);
RunnerResult RunnerResultFromJson(const nlohmann::json& json);
TilingOutcome TilingOutcomeFromJson(const nlohmann::json& json);

const char* ToString(RunnerStatus status);

// Whole-file JSON helpers; ReadJsonFile throws std::runtime_error naming the file.
nlohmann::json ReadJsonFile(const std::filesystem::path& path);
void WriteJsonFile(const std::filesystem::path& path, const nlohmann::json& json);
// Writes to a temporary file beside `path` and renames it into place, so concurrent readers never
// see half a file. Throws like WriteJsonFile, or std::filesystem::filesystem_error from the rename.
void StoreJsonAtomically(const std::filesystem::path& path, const nlohmann::json& json);

}  // namespace akgen::bench
