// DescribeOp and RunTiling: the OpDef as the harness sees it, and one run of its tiling function.
#include "ascendc_sim/host/op_runtime.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <memory>
#include <string>

#include "ascendc_sim/host/soc_spec.h"
#include "exe_graph/runtime/tiling_context.h"
#include "registries.h"

namespace ascendc_sim::host {
namespace {

std::string OptionName(ops::Option option) {
  switch (option) {
    case ops::OPTIONAL: return "OPTIONAL";
    case ops::DYNAMIC: return "DYNAMIC";
    case ops::REQUIRED: return "REQUIRED";
    default: return "IGNORE";
  }
}

ParamDescription Describe(const ops::OpParamDef& param) {
  return {param.Name(), param.GetParamType(), param.DataTypes(), param.Formats(), param.IsValueDepend(),
          param.IsScalar(), param.IsOutputShapeDependOnCompute()};
}

AttrValue DefaultOf(const ops::OpAttrDef& attr) {
  AttrValue value;
  value.kind = attr.Kind();
  value.ints = attr.DefaultInts();
  value.floats = attr.DefaultFloats();
  value.text = attr.DefaultString();
  return value;
}

// A per-SoC AddConfig that declares its own parameters replaces the OpDef's for that SoC.
const ops::OpAICoreConfig* ConfigForCurrentSoc(const ops::OpDef& def) {
  auto found = def.AICoreDef().Configs().find(CurrentSoc().shortName);
  if (found == def.AICoreDef().Configs().end() || found->second.Inputs().empty()) return nullptr;
  return &found->second;
}

gert::TilingKernelFunc TilingFunctionOf(const ops::OpDef& def) {
  if (def.AICoreDef().Tiling()) return def.AICoreDef().Tiling();
  const gert::OpImplFunctions* impl = gert::FindOpImpl(def.GetOpType().c_str());
  return impl ? impl->tiling : nullptr;
}

// Attribute bytes as CANN stores them, so GetAttrPointer<T> reads what real code expects.
gert::RuntimeAttrValue ToRuntime(const AttrValue& value) {
  gert::RuntimeAttrValue runtime;
  auto storeScalar = [&runtime](const auto& scalar) {
    runtime.bytes.resize(sizeof(scalar));
    std::memcpy(runtime.bytes.data(), &scalar, sizeof(scalar));
  };
  // A list is a ContinuousVector in CANN: capacity, size, then the elements. Code that reads a list
  // attribute with a scalar getter (Eye's GetInt on its batch_shape) gets its capacity, not a crash.
  auto storeList = [&runtime](const auto& elements) {
    const size_t header[2] = {elements.size(), elements.size()};
    const size_t elementBytes = elements.size() * sizeof(elements[0]);
    runtime.bytes.resize(sizeof(header) + elementBytes);
    std::memcpy(runtime.bytes.data(), header, sizeof(header));
    if (elementBytes > 0) std::memcpy(runtime.bytes.data() + sizeof(header), elements.data(), elementBytes);
  };
  switch (value.kind) {
    case ops::AttrKind::kInt: storeScalar(value.ints.empty() ? int64_t{0} : value.ints[0]); break;
    case ops::AttrKind::kBool: storeScalar(!value.ints.empty() && value.ints[0] != 0); break;
    case ops::AttrKind::kFloat: storeScalar(value.floats.empty() ? 0.0f : value.floats[0]); break;
    case ops::AttrKind::kString: runtime.bytes.assign(value.text.c_str(), value.text.c_str() + value.text.size() + 1); break;
    case ops::AttrKind::kListInt:
    case ops::AttrKind::kListBool:
      runtime.ints = gert::TypedContinuousVector<int64_t>(value.ints);
      storeList(value.ints);
      break;
    case ops::AttrKind::kListFloat:
      runtime.floats = gert::TypedContinuousVector<float>(value.floats);
      storeList(value.floats);
      break;
    default: break;
  }
  return runtime;
}

bool AddTensors(const std::vector<ParamDescription>& params, const std::vector<std::vector<TensorSpec>>& given,
                const char* side, gert::NodeIoData& io, std::string& error) {
  if (given.size() != params.size()) {
    error = std::string("op declares ") + std::to_string(params.size()) + " " + side + "s but the request gives " +
            std::to_string(given.size()) + "; give one entry per OpDef " + side + " in declaration order";
    return false;
  }
  for (size_t ir = 0; ir < params.size(); ++ir) {
    const ParamDescription& param = params[ir];
    const size_t count = given[ir].size();
    const bool countOk = param.paramType == ops::DYNAMIC || (param.paramType == ops::OPTIONAL && count <= 1) || count == 1;
    if (!countOk) {
      error = std::string(side) + " '" + param.name + "' is " + OptionName(param.paramType) + " but the request gives " +
              std::to_string(count) + " tensors";
      return false;
    }
    io.anchors.emplace_back(io.tensors.size(), count);
    for (const TensorSpec& spec : given[ir]) {
      gert::Tensor tensor;
      for (int64_t dim : spec.shape) {
        tensor.MutableOriginShape().AppendDim(dim);
        tensor.MutableStorageShape().AppendDim(dim);
      }
      tensor.SetDataType(spec.dataType);
      tensor.SetFormat(gert::StorageFormat(spec.format, spec.format));
      tensor.SetData(spec.data);
      gert::CompileTimeTensorDesc desc;
      desc.SetDataType(spec.dataType);
      desc.SetOriginFormat(spec.format);
      desc.SetStorageFormat(spec.format);
      io.tensors.push_back(tensor);
      io.descs.push_back(desc);
    }
  }
  return true;
}

bool AddAttrs(const OpDescription& op, const std::map<std::string, AttrValue>& given, gert::ComputeNodeInfo& node,
              std::string& error) {
  for (const auto& [name, value] : given) {
    bool declared = false;
    for (const AttrDescription& attr : op.attrs) declared = declared || attr.name == name;
    if (!declared) {
      error = "attribute '" + name + "' is not declared by the OpDef; declared: ";
      for (const AttrDescription& attr : op.attrs) error += attr.name + " ";
      return false;
    }
  }
  std::vector<gert::RuntimeAttrValue> values;
  for (const AttrDescription& attr : op.attrs) {
    auto found = given.find(attr.name);
    if (found == given.end() && (attr.required || attr.defaultValue.kind == ops::AttrKind::kUnset)) {
      error = "attribute '" + attr.name + "' is REQUIRED (no default in the OpDef); give its value";
      return false;
    }
    AttrValue value = found == given.end() ? attr.defaultValue : found->second;
    if (value.kind == ops::AttrKind::kUnset) value.kind = attr.defaultValue.kind;
    values.push_back(ToRuntime(value));
  }
  node.attrs = gert::RuntimeAttrs(std::move(values));
  return true;
}

TilingResult Failure(const std::string& opType, const std::string& message) {
  TilingResult result;
  result.error = "tiling of op " + opType + ": " + message;
  return result;
}

}  // namespace

AttrValue IntAttr(int64_t value) { return {ops::AttrKind::kInt, {value}, {}, {}}; }
AttrValue FloatAttr(float value) { return {ops::AttrKind::kFloat, {}, {value}, {}}; }
AttrValue BoolAttr(bool value) { return {ops::AttrKind::kBool, {value ? 1 : 0}, {}, {}}; }
AttrValue StringAttr(std::string value) { return {ops::AttrKind::kString, {}, {}, std::move(value)}; }
AttrValue ListIntAttr(std::vector<int64_t> values) { return {ops::AttrKind::kListInt, std::move(values), {}, {}}; }
AttrValue ListFloatAttr(std::vector<float> values) { return {ops::AttrKind::kListFloat, {}, std::move(values), {}}; }

std::vector<std::string> RegisteredOps() { return OpDefNames(); }

std::optional<OpDescription> DescribeOp(const std::string& opType) {
  const ops::OpDef* def = FindOpDef(opType);
  if (def == nullptr) return std::nullopt;
  OpDescription op;
  op.opType = opType;
  const ops::OpAICoreConfig* config = ConfigForCurrentSoc(*def);
  for (const ops::OpParamDef& input : config ? config->Inputs() : def->Inputs()) op.inputs.push_back(Describe(input));
  for (const ops::OpParamDef& output : config ? config->Outputs() : def->Outputs()) op.outputs.push_back(Describe(output));
  for (const ops::OpAttrDef& attr : def->Attrs()) {
    op.attrs.push_back({attr.Name(), attr.GetAttrType() == ops::REQUIRED, DefaultOf(attr)});
  }
  op.hasTiling = TilingFunctionOf(*def) != nullptr;
  return op;
}

size_t ComputedShapesBytes(const OpDescription& op) {
  constexpr size_t kShapeSlotBytes = 9 * sizeof(uint64_t);
  const auto computed = std::count_if(op.outputs.begin(), op.outputs.end(),
                                      [](const ParamDescription& output) { return output.shapeDependsOnCompute; });
  return kShapeSlotBytes * size_t(computed);
}

TilingResult RunTiling(const TilingRequest& request) {
  const std::optional<OpDescription> op = DescribeOp(request.opType);
  if (!op) return Failure(request.opType, "no OP_ADD(" + request.opType + ") in the op_host sources");
  const gert::TilingKernelFunc tiling = TilingFunctionOf(*FindOpDef(request.opType));
  if (tiling == nullptr) {
    return Failure(request.opType, "no tiling function; call this->AICore().SetTiling(fn) in the OpDef or IMPL_OP_OPTILING(" +
                                        request.opType + ").Tiling(fn)");
  }
  gert::ComputeNodeInfo node;
  node.nodeName = request.opType;
  node.opType = request.opType;
  std::string error;
  if (!AddTensors(op->inputs, request.inputs, "input", node.inputs, error) ||
      !AddTensors(op->outputs, request.outputs, "output", node.outputs, error) ||
      !AddAttrs(*op, request.attrs, node, error)) {
    return Failure(request.opType, error);
  }
  fe::PlatFormInfos platform(CurrentSoc());
  std::shared_ptr<void> compileInfo;
  const gert::OpImplFunctions* impl = gert::FindOpImpl(request.opType.c_str());
  try {
    if (impl && impl->tilingParse) {
      compileInfo = impl->compileInfo();
      gert::TilingParseContext parse(node, &platform, compileInfo.get());
      if (impl->tilingParse(&parse) != ge::GRAPH_SUCCESS) return Failure(request.opType, "the TilingParse function failed");
    }
    std::vector<uint8_t> buffer(request.tilingCapacity, 0);
    gert::TilingContext context(node, &platform, compileInfo.get(), buffer.data(), buffer.size());
    TilingResult result;
    result.status = tiling(&context);
    if (result.status != ge::GRAPH_SUCCESS) return Failure(request.opType, "the tiling function returned GRAPH_FAILED");
    if (context.GetBlockDim() == 0) return Failure(request.opType, "the tiling function never called SetBlockDim(n) with n > 0");
    const size_t dataSize = context.GetRawTilingData()->GetDataSize();
    if (dataSize > buffer.size()) {
      return Failure(request.opType, "SetDataSize(" + std::to_string(dataSize) + ") exceeds the tiling buffer capacity " +
                                         std::to_string(buffer.size()));
    }
    result.ok = true;
    result.blockDim = context.GetBlockDim();
    result.tilingKey = context.GetTilingKey();
    result.tilingData.assign(buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(dataSize));
    result.workspaceSizes = context.WorkspaceSizes();
    result.scheduleMode = context.GetScheduleMode();
    return result;
  } catch (const std::exception& exception) {
    return Failure(request.opType, std::string("the tiling function threw: ") + exception.what());
  }
}

}  // namespace ascendc_sim::host
