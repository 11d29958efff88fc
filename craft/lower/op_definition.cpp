#include "craft/lower/op_definition.h"

#include <algorithm>
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
  out.Line(".UnknownShapeFormat(" + nd + ")" + (tensor.valueDepend ? "" : ";"));
  if (tensor.valueDepend) out.Line(".ValueDepend(REQUIRED);");
  out.Dedent();
}

// `first + name`, or `name` when first is 0: the output index of the name-th tensor of a list output.
std::string Plus(size_t first, const std::string& name) { return first == 0 ? name : std::to_string(first) + " + " + name; }

// Explicit output extents read the inputs' shapes and the attributes from the InferShapeContext.
ScalarNames InferShapeNames(const OpHeader& op) {
  return {[&op](const std::string& name) -> std::optional<CppExpression> {
            for (size_t i = 0; i < op.attrs.size(); ++i) {
              const AttrKind kind = op.attrs[i].kind;
              if (op.attrs[i].name != name || kind == AttrKind::String || kind == AttrKind::ListInt ||
                  kind == AttrKind::ListFloat)
                continue;
              return CppExpression{"*context->GetAttrs()->" + std::string(AttrGetter(kind)) + "(" + std::to_string(i) + ")",
                                   AttrType(kind), 3};
            }
            return std::nullopt;
          },
          [&op](const Expr& call) -> std::optional<CppExpression> {
            ScalarTranslator translator(Side::Host, InferShapeNames(op));
            if (std::optional<CppExpression> read = ListAttrRead(op, call, translator)) return read;
            if (call.operands.empty() || call.operands[0].kind != ExprKind::Name) return std::nullopt;
            const std::string shape = "context->GetInputShape(" + std::to_string(InputIndex(op, call.operands[0].name)) + ")";
            const std::string rank = "static_cast<int64_t>(" + shape + "->GetDimNum())";
            // Extent of dimension i; a negative i (a literal or an attribute) counts from the end.
            auto dim = [&](const std::string& i) {
              return shape + "->GetDim(static_cast<size_t>(" + i + " < 0 ? " + rank + " + " + i + " : " + i + "))";
            };
            if (call.name == "numel" && call.operands.size() == 1) return CppExpression{shape + "->GetShapeSize()"};
            if (call.name == "rank" && call.operands.size() == 1) return CppExpression{rank};
            if (call.name == "rows" && call.operands.size() == 1) {
              return CppExpression{shape + "->GetShapeSize() / " + shape + "->GetDim(" + shape + "->GetDimNum() - 1)",
                                   ScalarType::Int, 5};
            }
            if (call.name == "dim" && call.operands.size() == 2) {
              const Expr& index = call.operands[1];
              const bool literal = index.kind == ExprKind::Integer ||
                                   (index.kind == ExprKind::Unary && index.name == "-" &&
                                    index.operands[0].kind == ExprKind::Integer);
              if (literal) {  // a constant index needs no test of its sign
                const int64_t i = index.kind == ExprKind::Integer ? index.integer : -index.operands[0].integer;
                return CppExpression{shape + "->GetDim(" +
                                     (i < 0 ? shape + "->GetDimNum() - " + std::to_string(-i) : std::to_string(i)) + ")"};
              }
              const CppExpression i = translator.Translate(index);
              return CppExpression{dim(i.precedence > 0 ? "(" + i.text + ")" : i.text)};
            }
            return std::nullopt;
          }};
}

// The C++ element type of a value-depend input (the checker allows i32 and i64).
std::string DimsType(const OpHeader& op, const std::string& input) {
  return op.inputs[InputIndex(op, input)].type.name == "i32" ? "int32_t" : "int64_t";
}

void WriteInferShape(CodeWriter& out, const OpHeader& op) {
  out.Open("static graphStatus InferShape(gert::InferShapeContext* context)");
  for (size_t k = 0; k < op.outputs.size(); ++k) {
    const OutputDecl& output = op.outputs[k];
    const std::string target = "context->GetOutputShape(" + std::to_string(k) + ")";
    if (output.list) {
      // One output per tensor of the list input, shaped alike; a list output comes last.
      if (output.shape != ShapeRule::Like || k + 1 != op.outputs.size())
        throw std::invalid_argument("a list output other than the last output, `like` a list input");
      const std::string ir = std::to_string(InputIndex(op, output.likeInput));
      out.Open("for (size_t i = 0; context->GetDynamicInputShape(" + ir + ", i) != nullptr; ++i)");
      out.Line("*context->GetOutputShape(" + Plus(k, "i") + ") = *context->GetDynamicInputShape(" + ir + ", i);");
      out.Close();
      continue;
    }
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
        ScalarTranslator translator(Side::Host, InferShapeNames(op));
        for (const Expr& extent : output.extents) out.Line("output.AppendDim(" + translator.Translate(extent).text + ");");
        out.Close();
        break;
      }
      case ShapeRule::Values: {
        // The extents are the values of a value-depend input, which InferShape may read.
        out.Open("");
        out.Line("const gert::Tensor* dims = context->GetInputTensor(" + std::to_string(InputIndex(op, output.likeInput)) + ");");
        out.Open("if (dims == nullptr || dims->GetData<" + DimsType(op, output.likeInput) + ">() == nullptr)");
        out.Line("return GRAPH_FAILED;");
        out.Close();
        out.Line("gert::Shape& output = *" + target + ";");
        out.Line("output.SetDimNum(0);");
        out.Open("for (int64_t d = 0; d < dims->GetShapeSize(); ++d)");
        out.Line("output.AppendDim(dims->GetData<" + DimsType(op, output.likeInput) + ">()[d]);");
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
    const auto listInput = std::find_if(model.inputs.begin(), model.inputs.end(), [&](const TensorModel& input) {
      return input.list && output.list && input.dtype.written == output.dtype.written;
    });
    if (listInput != model.inputs.end()) {
      const std::string ir = std::to_string(listInput->index);
      out.Open("for (size_t i = 0; " + Plus(output.index, "i") + " < context->GetComputeNodeOutputNum(); ++i)");
      out.Line("context->SetOutputDataType(" + Plus(output.index, "i") + ", context->GetDynamicInputDataType(" + ir + ", i));");
      out.Close();
      continue;
    }
    std::string dtype;
    if (!output.dtype.variable) {
      dtype = GeSpelling(output.dtype.perCombination.front());
    } else {
      for (const TensorModel& input : model.inputs) {
        if (dtype.empty() && input.dtype.written == output.dtype.written) {
          dtype = "context->GetInputDataType(" + std::to_string(input.index) + ")";
        }
      }
      if (dtype.empty()) continue;  // no input has it: the output keeps the dtype its caller gives
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
  if (value.kind == ExprKind::String) return Quote(value.name);
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
    case AttrKind::String: return "String";
    case AttrKind::ListInt: return "ListInt";
    case AttrKind::ListFloat: return "ListFloat";
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
