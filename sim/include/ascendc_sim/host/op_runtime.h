// The host runtime of the op framework, for the harness: look up an op registered with OP_ADD,
// describe it, run its tiling function for given tensors and attributes, and write the
// kernel-side header (tiling structs, DTYPE_<NAME> macros) CANN's build would generate.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ascendc_sim/host/tiling_layout.h"
#include "graph/types.h"
#include "register/op_def.h"

namespace ascendc_sim::host {

struct TensorSpec {
  std::vector<int64_t> shape;
  ge::DataType dataType = ge::DT_FLOAT;
  ge::Format format = ge::FORMAT_ND;
  const void* data = nullptr;  // host data for ValueDepend inputs, else null
};

// One attribute value; which members matter depends on `kind`.
struct AttrValue {
  ops::AttrKind kind = ops::AttrKind::kUnset;
  std::vector<int64_t> ints;  // Int, Bool, ListInt, ListBool
  std::vector<float> floats;  // Float, ListFloat
  std::string text;           // String
};
AttrValue IntAttr(int64_t value);
AttrValue FloatAttr(float value);
AttrValue BoolAttr(bool value);
AttrValue StringAttr(std::string value);
AttrValue ListIntAttr(std::vector<int64_t> values);
AttrValue ListFloatAttr(std::vector<float> values);

struct ParamDescription {
  std::string name;
  ops::Option paramType = ops::REQUIRED;
  std::vector<ge::DataType> dataTypes;
  std::vector<ge::Format> formats;
  bool valueDepend = false;
  bool scalar = false;
  bool shapeDependsOnCompute = false;  // an output the kernel reports the shape of
};

struct AttrDescription {
  std::string name;
  bool required = false;
  AttrValue defaultValue;
};

struct OpDescription {
  std::string opType;
  std::vector<ParamDescription> inputs;
  std::vector<ParamDescription> outputs;
  std::vector<AttrDescription> attrs;
  bool hasTiling = false;
};

std::vector<std::string> RegisteredOps();
// The op as declared for the current SoC (a per-SoC AddConfig with its own inputs overrides the
// OpDef's), or nullopt when no OP_ADD registered `opType`.
std::optional<OpDescription> DescribeOp(const std::string& opType);
// The size of the kernel argument CANN's framework adds after the outputs when some are
// OutputShapeDependOnCompute (0 when none is): per such output 9 uint64, its dimension count then
// up to 8 dimensions, which the kernel writes.
size_t ComputedShapesBytes(const OpDescription& op);

struct TilingRequest {
  std::string opType;
  // Per OpDef input/output in declaration order, its tensors: one for REQUIRED, zero or one for
  // OPTIONAL, any number for DYNAMIC.
  std::vector<std::vector<TensorSpec>> inputs;
  std::vector<std::vector<TensorSpec>> outputs;
  std::map<std::string, AttrValue> attrs;  // by name; the OpDef's default fills the rest
  size_t tilingCapacity = 64 * 1024;
};

struct TilingResult {
  bool ok = false;
  std::string error;  // why tiling failed, naming the op and what to fix
  ge::graphStatus status = ge::GRAPH_FAILED;
  uint32_t blockDim = 0;
  uint64_t tilingKey = 0;
  std::vector<uint8_t> tilingData;  // GetDataSize() bytes of the raw tiling buffer
  std::vector<size_t> workspaceSizes;
  uint32_t scheduleMode = 0;
};

TilingResult RunTiling(const TilingRequest& request);

// The tiling class the kernel of a launch with `tilingKey` reads: the one registered for
// `opType_<tilingKey>`, else for `opType`; nullopt when the op registers none.
std::optional<TilingClassLayout> TilingLayoutFor(const std::string& opType, uint64_t tilingKey);

// C++ for the kernel translation unit, to force-include before the kernel source: every tiling
// class registered for `opType` (and `opType_<key>`) as a plain struct in the global namespace,
// GET_TILING_DATA's default struct, and DT_* / DTYPE_<NAME> / ORIG_DTYPE_<NAME> macros for the
// given input/output dtypes (one per OpDef parameter; empty to omit). Returns "" and sets `error`
// when the op is unknown or the dtypes do not match its parameters.
std::string KernelPrelude(const std::string& opType, const std::vector<ge::DataType>& inputTypes,
                          const std::vector<ge::DataType>& outputTypes, std::string& error);

// The kernel-side C++ type of a dtype ("half", "float", "bfloat16_t", ...), or "" if none.
std::string KernelTypeName(ge::DataType dataType);

}  // namespace ascendc_sim::host
