#include "craft/lower/mkb_glue.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "craft/lower/code_writer.h"
#include "craft/lower/scalar_expression.h"

namespace akgen::craft::lower {
namespace {

bool Contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string Listed(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text.empty() ? "none" : text;
}

const char* AttrCppType(AttrKind kind) {
  switch (kind) {
    case AttrKind::Int: return "int64_t";
    case AttrKind::Float: return "double";
    case AttrKind::Bool: return "bool";
    case AttrKind::String: return "std::string";
    case AttrKind::ListInt: return "std::vector<int64_t>";
    case AttrKind::ListFloat: throw std::invalid_argument("a `list float` attribute");
  }
  return "double";
}

// The torch dtype of a craft dtype name, or "" for a dtype variable.
std::string TorchDtype(const std::string& name) {
  static const std::map<std::string, std::string> dtypes = {
      {"f16", "at::kHalf"}, {"bf16", "at::kBFloat16"}, {"f32", "at::kFloat"}, {"i8", "at::kChar"},
      {"i16", "at::kShort"}, {"i32", "at::kInt"},      {"i64", "at::kLong"}, {"u8", "at::kByte"},
      {"bool", "at::kBool"}, {"c64", "at::kComplexFloat"}};
  const auto found = dtypes.find(name);
  return found == dtypes.end() ? "" : found->second;
}

// The TensorOptions of an output of dtype `type`: those of an input of that dtype (a dtype variable
// takes the dtype of the call's tensors), else of the first input with the fixed dtype.
std::string OutputOptions(const OpHeader& op, const TypeName& type) {
  for (const InputDecl& input : op.inputs)
    if (input.type.name == type.name) return input.name + ".options()";
  const std::string fixed = TorchDtype(type.name);
  if (fixed.empty()) throw std::invalid_argument("the output dtype " + type.name + " is no input's");
  return op.inputs.front().name + ".options().dtype(" + fixed + ")";
}

// Output extents read the inputs' shapes and the attributes, the binding's parameters.
ScalarNames BindingNames(const OpHeader& op) {
  return {[&op](const std::string& name) -> std::optional<CppExpression> {
            for (const AttrDecl& attr : op.attrs)
              if (attr.name == name && attr.kind != AttrKind::String)
                return CppExpression{name, attr.kind == AttrKind::Float ? ScalarType::Float : ScalarType::Int};
            return std::nullopt;
          },
          [](const Expr& call) -> std::optional<CppExpression> {
            if (call.operands.empty() || call.operands[0].kind != ExprKind::Name) return std::nullopt;
            const std::string& tensor = call.operands[0].name;
            if (call.name == "numel" && call.operands.size() == 1) return CppExpression{tensor + ".numel()"};
            if (call.name == "rows" && call.operands.size() == 1)
              return CppExpression{"(" + tensor + ".numel() / " + tensor + ".size(-1))"};
            const Expr* index = call.operands.size() == 2 ? &call.operands[1] : nullptr;
            const bool negative = index && index->kind == ExprKind::Unary && index->name == "-";
            if (negative) index = &index->operands[0];
            if (call.name == "dim" && index && index->kind == ExprKind::Integer)
              return CppExpression{tensor + ".size(" + std::to_string(negative ? -index->integer : index->integer) + ")"};
            return std::nullopt;
          }};
}

// `at::Tensor y = ...;` for each output, as InferShape shapes it on the NPU.
void WriteOutputs(CodeWriter& out, const OpHeader& op, ScalarTranslator& extents) {
  for (const OutputDecl& output : op.outputs) {
    const std::string options = OutputOptions(op, output.type);
    switch (output.shape) {
      case ShapeRule::Like:
        out.Line("at::Tensor " + output.name + " = at::empty(" + output.likeInput + ".sizes(), " + options + ");");
        break;
      case ShapeRule::LikeDropLast: {
        out.Line("std::vector<int64_t> " + output.name + "Sizes(" + output.likeInput + ".sizes().begin(), " +
                 output.likeInput + ".sizes().end() - 1);");
        for (const Expr& extent : output.extents)
          out.Line(output.name + "Sizes.push_back(" + extents.Translate(extent).text + ");");
        out.Line("at::Tensor " + output.name + " = at::empty(" + output.name + "Sizes, " + options + ");");
        break;
      }
      case ShapeRule::Explicit: {
        std::string sizes;
        for (const Expr& extent : output.extents)
          sizes += (sizes.empty() ? "" : ", ") + std::string("static_cast<int64_t>(") + extents.Translate(extent).text + ")";
        out.Line("at::Tensor " + output.name + " = at::empty(std::vector<int64_t>{" + sizes + "}, " + options + ");");
        break;
      }
      case ShapeRule::Values:
        throw std::invalid_argument("an output shaped by an input's values");
    }
  }
}

std::string Binding(const OpHeader& op, const std::string& kernelName) {
  std::string parameters, arguments;
  for (const InputDecl& input : op.inputs) {
    parameters += (parameters.empty() ? "" : ", ") + std::string("const at::Tensor& ") + input.name;
    arguments += ", " + input.name;
  }
  for (const AttrDecl& attr : op.attrs) {
    parameters += (parameters.empty() ? "" : ", ") + std::string(AttrCppType(attr.kind)) + " " + attr.name;
    arguments += ", " + (attr.kind == AttrKind::String ? attr.name + ".c_str()" : attr.name);
  }
  std::string results;
  for (const OutputDecl& output : op.outputs) {
    arguments += ", " + output.name;
    results += (results.empty() ? "" : ", ") + output.name;
  }
  const bool single = op.outputs.size() == 1;
  std::string tupleType;
  for (size_t i = 0; i < op.outputs.size(); ++i) tupleType += i ? ", at::Tensor" : "at::Tensor";

  ScalarTranslator extents(Side::Host, BindingNames(op));
  CodeWriter body;
  body.Indent();
  WriteOutputs(body, op, extents);
  body.Line("EXEC_NPU_CMD(aclnn" + op.name + arguments + ");");
  body.Line("return " + (single ? results : "std::make_tuple(" + results + ")") + ";");

  CodeWriter out;
  out.Line("#include <torch/extension.h>");
  out.Line("#include <vector>");
  out.Line("");
  out.Line("#include \"pytorch_npu_helper.hpp\"");
  out.Line("");
  for (const std::string& helper : extents.HelperDefinitions()) out.Line(helper);
  out.Open((single ? std::string("at::Tensor") : "std::tuple<" + tupleType + ">") + " " + kernelName + "(" +
           parameters + ")");
  std::string text = out.Text() + body.Text() + "}\n\n";
  text += "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {\n    m.def(\"" + kernelName + "\", &" + kernelName +
          ", \"" + op.name + " on the NPU\");\n}\n";
  return text;
}

std::string Model(const OpHeader& op, const std::string& kernelName, const bench::MkbModelSignature& model) {
  std::string arguments;
  for (const InputDecl& input : op.inputs) arguments += (arguments.empty() ? "" : ", ") + input.name;
  for (const AttrDecl& attr : op.attrs) arguments += (arguments.empty() ? "" : ", ") + ("self." + attr.name);
  std::string text = "import torch\nimport custom_ops_lib\n\n\nclass ModelNew(torch.nn.Module):\n";
  text += "    def __init__(self" + (model.initParameters.empty() ? "" : ", " + model.initParameters) + "):\n";
  text += "        super().__init__()\n";
  for (const std::string& name : model.initNames) text += "        self." + name + " = " + name + "\n";
  text += "\n    def forward(self" + (model.forwardParameters.empty() ? "" : ", " + model.forwardParameters) + "):\n";
  text += "        return custom_ops_lib." + kernelName + "(" + arguments + ")\n";
  return text;
}

std::string ProjectJson(const OpHeader& op) {
  nlohmann::json inputs = nlohmann::json::array(), outputs = nlohmann::json::array(), attrs = nlohmann::json::array();
  for (const InputDecl& input : op.inputs)
    inputs.push_back({{"name", input.name}, {"param_type", "required"}, {"format", {"ND"}}, {"type", {input.type.name}}});
  for (const OutputDecl& output : op.outputs)
    outputs.push_back({{"name", output.name}, {"param_type", "required"}, {"format", {"ND"}}, {"type", {output.type.name}}});
  static const char* kAttrTypes[] = {"int", "float", "bool", "string", "listInt", "listFloat"};
  for (const AttrDecl& attr : op.attrs)
    attrs.push_back({{"name", attr.name}, {"param_type", "required"}, {"type", kAttrTypes[static_cast<int>(attr.kind)]}});
  return nlohmann::json::array({{{"op", op.name}, {"language", "cpp"}, {"input_desc", inputs},
                                 {"output_desc", outputs}, {"attr", attrs}}})
      .dump(4);
}

// Why the program's signature cannot serve the task's Model, or "".
std::string SignatureProblem(const OpHeader& op, const bench::MkbModelSignature& model) {
  for (const InputDecl& input : op.inputs) {
    if (input.list || input.optional || input.valueDepend)
      return "input `" + input.name + "` is a list, optional or value_depend input; a MultiKernelBench task's "
             "forward takes plain tensors";
    if (!Contains(model.forwardNames, input.name))
      return "input `" + input.name + "` is not a parameter of Model.forward (" + Listed(model.forwardNames) +
             "); name each input after the forward parameter it is";
  }
  for (const AttrDecl& attr : op.attrs)
    if (!Contains(model.initNames, attr.name))
      return "attribute `" + attr.name + "` is not a parameter of Model.__init__ (" + Listed(model.initNames) +
             "); name each attribute after the constructor parameter whose value it takes, and write the "
             "file's constants into the host section";
  for (const OutputDecl& output : op.outputs)
    if (output.list || output.shape == ShapeRule::Values)
      return "output `" + output.name + "` is a list or shaped by an input's values; MultiKernelBench's binding "
             "allocates plain outputs shaped from the inputs";
  if (op.inputs.empty()) return "the op has no input; Model.forward's tensors are its inputs";
  return "";
}

}  // namespace

MkbGlue MkbGlueFor(const OpHeader& op, const std::string& kernelName, const bench::MkbModelSignature& model) {
  MkbGlue glue;
  glue.problem = SignatureProblem(op, model);
  if (!glue.problem.empty()) return glue;
  try {
    glue.binding = Binding(op, kernelName);
  } catch (const std::invalid_argument& error) {
    glue.problem = std::string("the binding cannot allocate the outputs: ") + error.what();
    return glue;
  }
  glue.model = Model(op, kernelName, model);
  glue.projectJson = ProjectJson(op);
  return glue;
}

}  // namespace akgen::craft::lower
