// `describe [OP_TYPE [INPUT_DTYPES OUTPUT_DTYPES]]`: linked with a candidate's op_host objects and
// run in the sandbox (static initialisers and OpDef constructors are candidate code). Writes
// describe.json in the working directory: the ops OP_ADD registered, the chosen op's declaration
// and, when dtypes are given (comma-separated CANN names, one per OpDef input/output), the kernel
// prelude for them. The op is OP_TYPE when registered, else the only registered op.
#include <algorithm>
#include <iostream>
#include <sstream>

#include "ascendc_sim/host/op_runtime.h"
#include "bench/runner/runner_protocol.h"
#include "graph/utils/type_utils.h"

namespace {

using namespace akgen::bench;
namespace host = ascendc_sim::host;

const char* ParamTypeName(ops::Option option) {
  switch (option) {
    case ops::OPTIONAL: return "optional";
    case ops::DYNAMIC: return "dynamic";
    default: return "required";
  }
}

const char* AttrKindName(ops::AttrKind kind) {
  switch (kind) {
    case ops::AttrKind::kInt: return "int";
    case ops::AttrKind::kFloat: return "float";
    case ops::AttrKind::kBool: return "bool";
    case ops::AttrKind::kString: return "string";
    case ops::AttrKind::kListInt: return "list_int";
    case ops::AttrKind::kListFloat: return "list_float";
    case ops::AttrKind::kListBool: return "list_bool";
    case ops::AttrKind::kListListInt: return "list_list_int";
    case ops::AttrKind::kUnset: break;
  }
  return "unset";
}

std::vector<ParamSignature> Params(const std::vector<host::ParamDescription>& params) {
  std::vector<ParamSignature> signatures;
  for (const host::ParamDescription& param : params) {
    ParamSignature signature{param.name, ParamTypeName(param.paramType), {}, param.valueDepend};
    for (ge::DataType type : param.dataTypes) signature.dataTypes.push_back(ge::TypeUtils::DataTypeToSerialString(type));
    signatures.push_back(signature);
  }
  return signatures;
}

OpSignature Signature(const host::OpDescription& op) {
  OpSignature signature{op.opType, Params(op.inputs), Params(op.outputs), {}};
  for (const host::AttrDescription& attr : op.attrs)
    signature.attrs.push_back({attr.name, AttrKindName(attr.defaultValue.kind), attr.required});
  return signature;
}

std::vector<ge::DataType> ParseTypes(const std::string& list) {
  std::vector<ge::DataType> types;
  std::stringstream stream(list);
  std::string name;
  while (std::getline(stream, name, ',')) types.push_back(ge::TypeUtils::SerialStringToDataType(name));
  return types;
}

std::string ChooseOp(const std::vector<std::string>& registered, const std::string& preferred, std::string& error) {
  if (std::find(registered.begin(), registered.end(), preferred) != registered.end()) return preferred;
  if (registered.size() == 1) return registered.front();
  std::string names;
  for (const std::string& name : registered) names += (names.empty() ? "" : ", ") + name;
  error = "op_host registers " + std::to_string(registered.size()) + " ops (" + names + "), none named '" + preferred +
          "': register the task's op with OP_ADD(" + preferred + ")";
  return "";
}

DescribeResult Describe(int argc, char** argv) {
  DescribeResult result;
  result.registeredOps = host::RegisteredOps();
  const std::string opType = ChooseOp(result.registeredOps, argc > 1 ? argv[1] : "", result.error);
  if (opType.empty()) return result;
  result.op = Signature(*host::DescribeOp(opType));
  if (argc > 3) result.prelude = host::KernelPrelude(opType, ParseTypes(argv[2]), ParseTypes(argv[3]), result.error);
  return result;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    WriteJsonFile(kDescribeResultFile, ToJson(Describe(argc, argv)));
  } catch (const std::exception& error) {
    std::cerr << "describe: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
