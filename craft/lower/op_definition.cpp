#include "craft/lower/op_definition.h"

#include <stdexcept>

#include "craft/lower/code_writer.h"
#include "craft/lower/dtypes.h"
#include "craft/lower/scalar_expression.h"
#include "craft/lower/tiling.h"

namespace akgen::craft::lower {
namespace {

std::string Repeated(const std::string& item, size_t count) {
  std::string list;
  for (size_t i = 0; i < count; ++i) list += (i ? ", " : "") + item;
  return "{" + list + "}";
}

void WriteParam(CodeWriter& out, const TensorModel& tensor) {
  std::string dataTypes;
  for (const Dtype dtype : tensor.dtype.perCombination) {
    dataTypes += (dataTypes.empty() ? "" : ", ") + std::string(GeSpelling(dtype));
  }
  const char* paramType = tensor.list ? "DYNAMIC" : tensor.optional ? "OPTIONAL" : "REQUIRED";
  const std::string nd = Repeated("ge::FORMAT_ND", tensor.dtype.perCombination.size());
  out.Line(std::string("this->") + (tensor.output ? "Output" : "Input") + "(\"" + tensor.name + "\")");
  out.Indent();
  out.Line(std::string(".ParamType(") + paramType + ")");
  out.Line(".DataType({" + dataTypes + "})");
  out.Line(".Format(" + nd + ")");
  out.Line(".UnknownShapeFormat(" + nd + ");");
  out.Dedent();
}

// Explicit output extents read the inputs' shapes from the InferShapeContext.
ScalarNames InferShapeNames(const OpHeader& op) {
  return {[](const std::string&) -> std::optional<CppExpression> { return std::nullopt; },
          [&op](const Expr& call) -> std::optional<CppExpression> {
            if (call.operands.empty() || call.operands[0].kind != ExprKind::Name) return std::nullopt;
            const std::string shape = "context->GetInputShape(" + std::to_string(InputIndex(op, call.operands[0].name)) + ")";
            if (call.name == "numel" && call.operands.size() == 1) return CppExpression{shape + "->GetShapeSize()"};
            if (call.name == "dim" && call.operands.size() == 2 && call.operands[1].kind == ExprKind::Integer) {
              const int64_t i = call.operands[1].integer;
              const std::string index = i < 0 ? shape + "->GetDimNum() - " + std::to_string(-i) : std::to_string(i);
              return CppExpression{shape + "->GetDim(" + index + ")"};
            }
            return std::nullopt;
          }};
}

void WriteInferShape(CodeWriter& out, const OpHeader& op) {
  out.Open("static graphStatus InferShape(gert::InferShapeContext* context)");
  for (size_t k = 0; k < op.outputs.size(); ++k) {
    const OutputDecl& output = op.outputs[k];
    const std::string target = "context->GetOutputShape(" + std::to_string(k) + ")";
    if (output.list) throw std::invalid_argument("list outputs are not lowered yet");
    switch (output.shape) {
      case ShapeRule::Like:
        out.Line("*" + target + " = *context->GetInputShape(" + std::to_string(InputIndex(op, output.likeInput)) + ");");
        break;
      case ShapeRule::LikeDropLast: {
        const std::string input = "context->GetInputShape(" + std::to_string(InputIndex(op, output.likeInput)) + ")";
        out.Open("");
        out.Line("const gert::Shape& input = *" + input + ";");
        out.Line("gert::Shape& output = *" + target + ";");
        out.Line("output.SetDimNum(input.GetDimNum() - 1);");
        out.Open("for (size_t d = 0; d + 1 < input.GetDimNum(); ++d)");
        out.Line("output.SetDim(d, input.GetDim(d));");
        out.Close();
        out.Close();
        break;
      }
      case ShapeRule::Explicit: {
        ScalarTranslator translator(Side::Host, InferShapeNames(op));
        out.Line(target + "->SetDimNum(" + std::to_string(output.extents.size()) + ");");
        for (size_t d = 0; d < output.extents.size(); ++d) {
          out.Line(target + "->SetDim(" + std::to_string(d) + ", " + translator.Translate(output.extents[d]).text + ");");
        }
        break;
      }
    }
  }
  out.Line("return GRAPH_SUCCESS;");
  out.Close();
}

void WriteInferDataType(CodeWriter& out, const ProgramModel& model) {
  out.Open("static graphStatus InferDataType(gert::InferDataTypeContext* context)");
  for (const TensorModel& output : model.outputs) {
    std::string dtype;
    if (!output.dtype.variable) {
      dtype = GeSpelling(output.dtype.perCombination.front());
    } else {
      for (const TensorModel& input : model.inputs) {
        if (dtype.empty() && input.dtype.written == output.dtype.written) {
          dtype = "context->GetInputDataType(" + std::to_string(input.index) + ")";
        }
      }
      if (dtype.empty()) throw std::invalid_argument("no input has the dtype of output " + output.name);
    }
    out.Line("context->SetOutputDataType(" + std::to_string(output.index) + ", " + dtype + ");");
  }
  out.Line("return GRAPH_SUCCESS;");
  out.Close();
}

std::string AttrDefault(const AttrDecl& attr) {
  if (!attr.defaultValue) return "";
  const Expr& value = *attr.defaultValue;
  if (value.kind == ExprKind::Bool) return value.boolean ? "true" : "false";
  if (attr.kind == AttrKind::Float) {
    const double number = value.kind == ExprKind::Integer ? static_cast<double>(value.integer) : value.number;
    return FloatLiteral(number, Side::Kernel);
  }
  return std::to_string(value.integer);
}

const char* AttrSetter(AttrKind kind) {
  switch (kind) {
    case AttrKind::Int: return "Int";
    case AttrKind::Float: return "Float";
    case AttrKind::Bool: return "Bool";
  }
  return "Float";
}

}  // namespace

std::string OpDefinition(const OpHeader& op, const ProgramModel& model) {
  CodeWriter out;
  out.Line("namespace ge {");
  WriteInferShape(out, op);
  out.Line("");
  WriteInferDataType(out, model);
  out.Line("}  // namespace ge");
  out.Line("");
  out.Line("namespace ops {");
  out.Line("class " + op.name + " : public OpDef {");
  out.Line("public:");
  out.Indent();
  out.Open("explicit " + op.name + "(const char* name) : OpDef(name)");
  for (const TensorModel& input : model.inputs) WriteParam(out, input);
  for (const AttrDecl& attr : op.attrs) {
    out.Line("this->Attr(\"" + attr.name + "\").AttrType(" + (attr.defaultValue ? "OPTIONAL" : "REQUIRED") + ")." +
             AttrSetter(attr.kind) + "(" + AttrDefault(attr) + ");");
  }
  for (const TensorModel& output : model.outputs) WriteParam(out, output);
  out.Line("this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);");
  out.Line("this->AICore().SetTiling(optiling::TilingFunc);");
  out.Line("this->AICore().AddConfig(\"ascend910b\");");
  out.Line("this->AICore().AddConfig(\"ascend910_93\");");
  out.Close();
  out.Dedent();
  out.Line("};");
  out.Line("");
  out.Line("OP_ADD(" + op.name + ");");
  out.Line("}  // namespace ops");
  return out.Text();
}

}  // namespace akgen::craft::lower
