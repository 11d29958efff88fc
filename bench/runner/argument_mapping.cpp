#include "bench/runner/argument_mapping.h"

#include <algorithm>

namespace akgen::bench {
namespace {

std::vector<const ManifestValue*> ValuesOfKinds(const std::vector<ManifestValue>& values,
                                                std::initializer_list<ValueKind> kinds) {
  std::vector<const ManifestValue*> selected;
  for (const ManifestValue& value : values)
    if (std::find(kinds.begin(), kinds.end(), value.kind) != kinds.end()) selected.push_back(&value);
  return selected;
}

TensorArgument Argument(const ManifestValue& tensor, const std::string& file) {
  return {tensor.shape, CannDataTypeName(tensor.dtype), file};
}

void MapInputs(const OpSignature& op, const std::vector<const ManifestValue*>& tensors, ArgumentMapping& mapping) {
  size_t next = 0;
  for (size_t i = 0; i < op.inputs.size(); ++i) {
    const ParamSignature& param = op.inputs[i];
    if (param.paramType == "dynamic") {
      mapping.problem = "input '" + param.name + "' is DYNAMIC (a tensor list): not supported by the runner yet";
      return;
    }
    const auto requiredLater = std::count_if(op.inputs.begin() + static_cast<long>(i) + 1, op.inputs.end(),
                                             [](const ParamSignature& p) { return p.paramType == "required"; });
    const bool takes = param.paramType == "required" || tensors.size() - next > static_cast<size_t>(requiredLater);
    if (!takes || next >= tensors.size()) {
      if (param.paramType == "required") {
        mapping.problem = "REQUIRED input '" + param.name + "' has no tensor: the case passes " +
                          std::to_string(tensors.size()) + " tensors";
        return;
      }
      mapping.request.inputs.push_back({param.name, std::nullopt});
      mapping.inputTypes.push_back(param.dataTypes.empty() ? "DT_FLOAT" : param.dataTypes.front());
      continue;
    }
    const std::string file = "input_" + std::to_string(next) + ".bin";
    mapping.request.inputs.push_back({param.name, Argument(*tensors[next], file)});
    mapping.inputTypes.push_back(CannDataTypeName(tensors[next]->dtype));
    mapping.inputFiles.emplace_back(tensors[next]->file, file);
    ++next;
  }
  if (next < tensors.size())
    mapping.problem = "the case passes " + std::to_string(tensors.size()) + " tensors, op " + op.opType + " declares " +
                      std::to_string(next) + " inputs for them";
}

// The manifest spells non-finite numbers as strings ("nan", "inf").
nlohmann::json AttrValueFor(const ManifestValue& value) {
  return value.kind == ValueKind::Scalar && value.value.is_string() ? nlohmann::json(JsonNumber(value.value)) : value.value;
}

void MapAttrs(const OpSignature& op, const std::vector<const ManifestValue*>& scalars, ArgumentMapping& mapping) {
  for (size_t i = 0; i < op.attrs.size() && i < scalars.size(); ++i)
    mapping.request.attrs.push_back({op.attrs[i].name, op.attrs[i].kind, AttrValueFor(*scalars[i])});
}

void MapOutputs(const OpSignature& op, const Manifest& golden, ArgumentMapping& mapping) {
  if (op.outputs.size() != golden.outputs.size()) {
    mapping.problem = "op " + op.opType + " declares " + std::to_string(op.outputs.size()) + " outputs, the reference returns " +
                      std::to_string(golden.outputs.size());
    return;
  }
  mapping.candidateOutputs.outputStructure = golden.outputStructure;
  for (size_t i = 0; i < golden.outputs.size(); ++i) {
    const ManifestValue& expected = golden.outputs[i];
    if (expected.kind != ValueKind::Tensor) {
      mapping.problem = "reference output '" + expected.name + "' is not a tensor: not supported by the runner yet";
      return;
    }
    const std::string file = "output_" + std::to_string(i) + ".bin";
    mapping.request.outputs.push_back({op.outputs[i].name, Argument(expected, file)});
    mapping.outputTypes.push_back(CannDataTypeName(expected.dtype));
    ManifestValue written = expected;
    written.file = file;
    mapping.candidateOutputs.outputs.push_back(written);
  }
}

}  // namespace

std::string CannDataTypeName(TorchDtype dtype) {
  switch (dtype) {
    case TorchDtype::Float16: return "DT_FLOAT16";
    case TorchDtype::BFloat16: return "DT_BF16";
    case TorchDtype::Float32: return "DT_FLOAT";
    case TorchDtype::Float64: return "DT_DOUBLE";
    case TorchDtype::Complex64: return "DT_COMPLEX64";
    case TorchDtype::Complex128: return "DT_COMPLEX128";
    case TorchDtype::Int8: return "DT_INT8";
    case TorchDtype::Int16: return "DT_INT16";
    case TorchDtype::Int32: return "DT_INT32";
    case TorchDtype::Int64: return "DT_INT64";
    case TorchDtype::UInt8: return "DT_UINT8";
    case TorchDtype::Bool: return "DT_BOOL";
  }
  return "DT_UNDEFINED";
}

ArgumentMapping MapArguments(const OpSignature& op, const std::string& kernelName, const Manifest& golden) {
  ArgumentMapping mapping;
  mapping.request.opType = op.opType;
  mapping.request.kernelName = kernelName;
  if (!ValuesOfKinds(golden.inputs, {ValueKind::TensorList}).empty()) {
    mapping.problem = "the case passes a tensor list: DYNAMIC inputs are not supported by the runner yet";
    return mapping;
  }
  MapInputs(op, ValuesOfKinds(golden.inputs, {ValueKind::Tensor}), mapping);
  std::vector<const ManifestValue*> scalars = ValuesOfKinds(golden.inputs, {ValueKind::Scalar, ValueKind::ScalarList, ValueKind::String});
  for (const ManifestValue* value : ValuesOfKinds(golden.initInputs, {ValueKind::Scalar, ValueKind::ScalarList, ValueKind::String}))
    scalars.push_back(value);
  MapAttrs(op, scalars, mapping);
  if (mapping.problem.empty()) MapOutputs(op, golden, mapping);
  return mapping;
}

}  // namespace akgen::bench
