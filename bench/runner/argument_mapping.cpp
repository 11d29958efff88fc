#include "bench/runner/argument_mapping.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <utility>

#include "bench/compare/element_value.h"
#include "bench/runner/builtin_aclnn_order.h"

namespace akgen::bench {
namespace {

std::string Count(size_t count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

template <typename Signature>
std::string NameList(const std::vector<Signature>& params) {
  std::string names;
  for (const Signature& param : params) names += (names.empty() ? "" : ", ") + param.name;
  return names.empty() ? "" : " (" + names + ")";
}


// Builds the request argument by argument; the first misfit stops it with a problem.
class CallMapper {
 public:
  CallMapper(const OpSignature& op, const OpCall& call, ArgumentMapping& mapping)
      : op_(op), call_(call), mapping_(mapping) {}

  void Map() {
    const size_t declared = op_.inputs.size() + op_.attrs.size() + op_.outputs.size() - ReferenceOutputCount();
    if (call_.arguments.size() != declared) {
      Fail("passes " + Count(call_.arguments.size(), "argument") + ", but op " + op_.opType + " declares " +
           Count(op_.inputs.size(), "input") + NameList(op_.inputs) + ", " + Count(op_.attrs.size(), "attribute") +
           NameList(op_.attrs) + " and " + Count(op_.outputs.size(), "output") + NameList(op_.outputs) +
           "; aclnn takes the inputs, then the attributes, then the outputs");
      return;
    }
    size_t argument = 0;
    for (const ParamSignature& input : op_.inputs) {
      mapping_.request.inputs.push_back(Param(input, argument++, mapping_.inputTypes));
    }
    for (const AttrSignature& attr : op_.attrs) Attr(attr, argument++);
    for (const ParamSignature& output : op_.outputs) {
      if (const std::optional<size_t> input = InputNamed(output.name)) {  // a reference parameter: aclnn passes it once
        mapping_.request.outputs.push_back(mapping_.request.inputs[*input]);
        mapping_.request.outputs.back().name = output.name;
        mapping_.outputTypes.push_back(mapping_.inputTypes[*input]);
        continue;
      }
      mapping_.request.outputs.push_back(Param(output, argument++, mapping_.outputTypes));
    }
    mapping_.replay = call_.replay;
    if (mapping_.problem.empty()) Results();
  }

 private:
  // An output named like an input is the same tensor (CANN's reference parameters, e.g. an
  // in-place `y`): aclnn takes one argument for both.
  std::optional<size_t> InputNamed(const std::string& name) const {
    for (size_t i = 0; i < op_.inputs.size(); ++i)
      if (op_.inputs[i].name == name) return i;
    return std::nullopt;
  }

  size_t ReferenceOutputCount() const {
    return static_cast<size_t>(std::count_if(op_.outputs.begin(), op_.outputs.end(),
                                             [&](const ParamSignature& output) { return InputNamed(output.name).has_value(); }));
  }

  // The column of the OpDef's DataType lists that every tensor the call passes matches, inputs and
  // outputs (Arange's inputs are all scalars: only its output tells the column): the dtype combination
  // aclnn picks, which decides the dtype of a scalar passed for a tensor input.
  std::optional<size_t> DtypeCombination() const {
    std::vector<std::pair<const ParamSignature*, size_t>> tensors;  // parameter, argument index
    for (size_t i = 0; i < op_.inputs.size(); ++i) tensors.emplace_back(&op_.inputs[i], i);
    size_t argument = op_.inputs.size() + op_.attrs.size();
    for (const ParamSignature& output : op_.outputs)
      if (!InputNamed(output.name)) tensors.emplace_back(&output, argument++);
    size_t columns = 0;
    for (const auto& [param, index] : tensors) columns = std::max(columns, param->dataTypes.size());
    for (size_t column = 0; column < columns; ++column) {
      const bool matches = std::all_of(tensors.begin(), tensors.end(), [&](const auto& tensor) {
        const ManifestValue& argument = call_.arguments[tensor.second];
        const bool list = argument.kind == ValueKind::TensorList && !argument.items.empty();
        const ManifestValue& value = list ? argument.items.front() : argument;  // a list's tensors share a dtype
        const std::vector<std::string>& types = tensor.first->dataTypes;
        return value.kind != ValueKind::Tensor ||
               (column < types.size() && types[column] == CannDataTypeName(value.dtype));
      });
      if (matches) return column;
    }
    return std::nullopt;
  }

  // aclScalar or aclScalarList at a tensor input: a one-dimensional tensor (one element for a scalar)
  // of the dtype the OpDef declares for it in the call's column.
  std::optional<TensorArgument> ScalarTensor(const ParamSignature& param, const ManifestValue& value, size_t argument) {
    const std::optional<size_t> column = DtypeCombination();
    if (!column || *column >= param.dataTypes.size()) return std::nullopt;
    const std::string& cannType = param.dataTypes[*column];
    const std::optional<TorchDtype> dtype = TorchDtypeOfCann(cannType);
    if (!dtype) return std::nullopt;
    const bool list = value.kind == ValueKind::ScalarList;
    RunFile file{"scalar" + std::to_string(argument) + ".bin", std::nullopt, {}};
    for (const nlohmann::json& number : list ? value.value : nlohmann::json::array({value.value})) {
      const std::vector<std::byte> element = EncodeElement(*dtype, JsonNumber(number));
      file.bytes.insert(file.bytes.end(), element.begin(), element.end());
    }
    mapping_.files.push_back(file);
    const int64_t count = list ? static_cast<int64_t>(value.value.size()) : 1;
    return TensorArgument{{count}, cannType, file.name, false};
  }

  void Fail(const std::string& problem) {
    if (mapping_.problem.empty()) mapping_.problem = call_.source + ": " + call_.api + " " + problem;
  }

  // A copy of the recorded tensor under its golden file name, which the replay reads back; a tensor
  // a timing-only manifest keeps no contents of starts as zeros.
  TensorArgument Tensor(const ManifestValue& value, size_t argument, std::optional<size_t> item) {
    if (!value.HasContents()) return {value.shape, CannDataTypeName(value.dtype), value.name + ".bin", false, true};
    const std::string file = value.file.filename().string();
    mapping_.files.push_back({file, value.file, {}});
    tensorFiles_[{argument, item}] = {file, value.dtype};
    return {value.shape, CannDataTypeName(value.dtype), file, call_.replay};
  }

  // aclIntArray at a tensor position: an int64 tensor the tiling can read.
  TensorArgument IntArrayTensor(const ManifestValue& value, size_t argument) {
    const auto values = value.value.get<std::vector<int64_t>>();
    RunFile file{"int_array" + std::to_string(argument) + ".bin", std::nullopt,
                 std::vector<std::byte>(values.size() * sizeof(int64_t))};
    std::memcpy(file.bytes.data(), values.data(), file.bytes.size());
    mapping_.files.push_back(file);
    return {{static_cast<int64_t>(values.size())}, "DT_INT64", file.name, false};
  }

  ParamArgument Param(const ParamSignature& param, size_t argument, std::vector<std::string>& types) {
    const ManifestValue& value = call_.arguments[argument];
    const std::string declaredType = param.dataTypes.empty() ? "DT_FLOAT" : param.dataTypes.front();
    ParamArgument mapped{param.name, {}, param.paramType == "dynamic", param.valueDepend};
    const std::string where = "argument " + std::to_string(argument) + " (" + param.name + ")";
    if (mapped.dynamic != (value.kind == ValueKind::TensorList)) {
      Fail(where + ": op " + op_.opType + " declares it " + (mapped.dynamic ? "DYNAMIC (a tensor list)" : "a single tensor") +
           ", pybind.cpp passes " + (mapped.dynamic ? "something else" : "a tensor list"));
    } else if (value.kind == ValueKind::TensorList) {
      for (size_t i = 0; i < value.items.size(); ++i) mapped.tensors.push_back(Tensor(value.items[i], argument, i));
    } else if (value.kind == ValueKind::Tensor) {
      mapped.tensors.push_back(Tensor(value, argument, std::nullopt));
    } else if (value.kind == ValueKind::ScalarList && value.dtype == TorchDtype::Int64) {
      mapped.tensors.push_back(IntArrayTensor(value, argument));
    } else if (value.kind == ValueKind::Scalar || value.kind == ValueKind::ScalarList) {
      if (const std::optional<TensorArgument> tensor = ScalarTensor(param, value, argument)) mapped.tensors.push_back(*tensor);
      else Fail(where + ": a scalar for a tensor input needs the OpDef's dtype for it, and no DataType column fits the call");
    } else if (value.kind == ValueKind::None) {
      if (param.paramType == "required") Fail(where + ": a REQUIRED parameter gets no tensor");
    } else {
      Fail(where + ": a " + Describe(value) + " cannot stand for a tensor parameter");
    }
    types.push_back(mapped.tensors.empty() ? declaredType : mapped.tensors.front().dataType);
    return mapped;
  }

  static std::string Describe(const ManifestValue& value) {
    switch (value.kind) {
      case ValueKind::Tensor: return "tensor";
      case ValueKind::TensorList: return "tensor list";
      case ValueKind::Scalar: return "scalar " + std::string(TorchDtypeName(value.dtype));
      case ValueKind::ScalarList: return std::string(TorchDtypeName(value.dtype)) + " list";
      case ValueKind::String: return "string";
      case ValueKind::None: return "none";
    }
    return "value";
  }

  // aclnn's loss APIs take `int64_t reduction`, PyTorch's at::Reduction, and pass the op's string
  // attribute its name (MseLossGradV2's aclnnMseLossBackward).
  static std::optional<std::string> ReductionName(const AttrSignature& attr, const ManifestValue& value) {
    if (attr.name != "reduction" || attr.kind != "string" || value.kind != ValueKind::Scalar || !value.value.is_number_integer())
      return std::nullopt;
    static const std::vector<std::string> kNames = {"none", "mean", "sum"};
    const int64_t reduction = value.value.get<int64_t>();
    if (reduction < 0 || reduction >= static_cast<int64_t>(kNames.size())) return std::nullopt;
    return kNames[static_cast<size_t>(reduction)];
  }

  void Attr(const AttrSignature& attr, size_t argument) {
    const ManifestValue& value = call_.arguments[argument];
    if (value.kind == ValueKind::None) return;  // the OpDef's default applies
    if (const std::optional<std::string> reduction = ReductionName(attr, value)) {
      mapping_.request.attrs.push_back({attr.name, attr.kind, *reduction});
      return;
    }
    const bool scalar = value.kind == ValueKind::Scalar;
    const bool list = value.kind == ValueKind::ScalarList;
    const bool fits = (scalar && (attr.kind == "int" || attr.kind == "float" || attr.kind == "bool")) ||
                      (list && (attr.kind == "list_int" || attr.kind == "list_float" || attr.kind == "list_bool")) ||
                      (value.kind == ValueKind::String && attr.kind == "string");
    if (!fits) {
      Fail("argument " + std::to_string(argument) + " (attribute " + attr.name + ", " + attr.kind + "): pybind.cpp passes a " +
           Describe(value));
      return;
    }
    nlohmann::json converted = value.value;
    if (scalar) {
      const double number = JsonNumber(value.value);
      converted = attr.kind == "int" ? nlohmann::json(static_cast<int64_t>(number))
                  : attr.kind == "bool" ? nlohmann::json(number != 0)
                                        : nlohmann::json(number);
    }
    mapping_.request.attrs.push_back({attr.name, attr.kind, converted});
  }

  void Results() {
    for (const CallResult& result : call_.results) {
      const auto found = tensorFiles_.find({result.argument, result.item});
      if (found == tensorFiles_.end()) {
        Fail("argument " + std::to_string(result.argument) + " holds a value ModelNew returns but is not a tensor of the op");
        return;
      }
      mapping_.results.push_back({found->second.first, found->second.second, result});
      for (std::vector<ParamArgument>* params : {&mapping_.request.inputs, &mapping_.request.outputs})
        for (ParamArgument& param : *params)
          for (TensorArgument& tensor : param.tensors)
            if (tensor.file == found->second.first) tensor.writeBack = true;
    }
  }

  const OpSignature& op_;
  const OpCall& call_;
  ArgumentMapping& mapping_;
  std::map<std::pair<size_t, std::optional<size_t>>, std::pair<std::string, TorchDtype>> tensorFiles_;
};

}  // namespace

std::optional<TorchDtype> TorchDtypeOfCann(const std::string& cannName) {
  for (TorchDtype dtype : {TorchDtype::Float16, TorchDtype::BFloat16, TorchDtype::Float32, TorchDtype::Float64,
                           TorchDtype::Complex64, TorchDtype::Complex128, TorchDtype::Int8, TorchDtype::Int16,
                           TorchDtype::Int32, TorchDtype::Int64, TorchDtype::UInt8, TorchDtype::Bool})
    if (CannDataTypeName(dtype) == cannName) return dtype;
  return std::nullopt;
}

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
  mapping.request.timingOnly = golden.timingOnly;
  if (!golden.call) {
    mapping.problem = "the golden case has no recorded op call (validation/pybind.cpp)";
    return mapping;
  }
  const OpCall call = InOpDefOrder(*golden.call, op.opType);
  CallMapper(op, call, mapping).Map();
  return mapping;
}

}  // namespace akgen::bench
