#include "craft/lower/tiling.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "craft/lower/code_writer.h"

namespace akgen::craft::lower {
namespace {

bool Mentions(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Host names and calls: bindings, attributes, the SoC builtins and the shape functions.
class HostScope {
 public:
  explicit HostScope(const Program& program) : op_(program.op) {}

  ScalarNames Names() {
    return {[this](const std::string& name) { return Name(name); }, [this](const Expr& call) { return Call(call); }};
  }
  void Bind(const std::string& name, ScalarType type) { bound_[name] = type; }
  const std::vector<std::string>& HelpersUsed() const { return helpers_; }
  void UseHelper(const std::string& definition) {
    if (!Mentions(helpers_, definition)) helpers_.push_back(definition);
  }

 private:
  std::optional<CppExpression> Name(const std::string& name) {
    const auto bound = bound_.find(name);
    if (bound != bound_.end()) return CppExpression{name, bound->second, 0};
    return std::nullopt;
  }

  std::string Shape(const Expr& tensor) {
    if (tensor.kind != ExprKind::Name) throw std::invalid_argument("a shape function needs a tensor name");
    for (size_t i = 0; i < op_.outputs.size(); ++i) {
      if (op_.outputs[i].name != tensor.name) continue;
      // The output's shape, which InferShape has set before the tiling runs.
      UseHelper(
          "static const gert::Shape& OutputShape(gert::TilingContext* context, size_t index) {\n"
          "    return context->GetOutputShape(index)->GetStorageShape();\n}");
      return "OutputShape(context, " + std::to_string(i) + ")";
    }
    UseHelper(
        "// An input's shape by its place in the op's definition (a list or an absent optional input\n"
        "// before it counts once); an optional input the caller left out has one dimension of 0.\n"
        "static const gert::Shape& InputShape(gert::TilingContext* context, size_t irIndex) {\n"
        "    static const gert::Shape absent({0});\n"
        "    const gert::StorageShape* shape = context->GetOptionalInputShape(irIndex);\n"
        "    return shape == nullptr ? absent : shape->GetStorageShape();\n}");
    return "InputShape(context, " + std::to_string(InputIndex(op_, tensor.name)) + ")";
  }

  std::string Dim(const std::string& shape, const std::string& index) {
    UseHelper(
        "// Extent of dimension i; a negative i counts from the end.\n"
        "static int64_t Dim(const gert::Shape& shape, int64_t i) {\n"
        "    return shape.GetDim(static_cast<size_t>(i < 0 ? static_cast<int64_t>(shape.GetDimNum()) + i : i));\n}");
    return "Dim(" + shape + ", " + index + ")";
  }

  bool IsList(const Expr& tensor) const {
    for (const InputDecl& input : op_.inputs) {
      if (input.name == tensor.name) return input.list;
    }
    return false;
  }

  // len(xs), numel(xs) (every tensor's elements) and numel(xs, i) of a list input.
  std::optional<CppExpression> ListCall(const Expr& call) {
    const auto& args = call.operands;
    const std::string ir = std::to_string(InputIndex(op_, args[0].name));
    UseHelper(
        "// Tensors in the list input at IR index `ir`.\n"
        "static int64_t ListLength(gert::TilingContext* context, size_t ir) {\n"
        "    int64_t length = 0;\n"
        "    while (context->GetDynamicInputShape(ir, length) != nullptr) ++length;\n"
        "    return length;\n}");
    if (call.name == "len" && args.size() == 1) return CppExpression{"ListLength(context, " + ir + ")", ScalarType::Int};
    if (call.name == "numel" && args.size() == 2) {
      ScalarTranslator index(Side::Host, Names());
      return CppExpression{"context->GetDynamicInputShape(" + ir + ", " + index.Translate(args[1]).text +
                               ")->GetStorageShape().GetShapeSize()",
                           ScalarType::Int};
    }
    if (call.name == "numel" && args.size() == 1) {
      UseHelper(
          "// Elements of every tensor of the list input at IR index `ir`.\n"
          "static int64_t ListElements(gert::TilingContext* context, size_t ir) {\n"
          "    int64_t elements = 0;\n"
          "    for (int64_t i = 0; i < ListLength(context, ir); ++i) {\n"
          "        elements += context->GetDynamicInputShape(ir, i)->GetStorageShape().GetShapeSize();\n"
          "    }\n"
          "    return elements;\n}");
      return CppExpression{"ListElements(context, " + ir + ")", ScalarType::Int};
    }
    throw std::invalid_argument(call.name + " of the list input " + args[0].name);
  }

  std::optional<CppExpression> Call(const Expr& call) {
    const auto& args = call.operands;
    ScalarTranslator index(Side::Host, Names());
    if (std::optional<CppExpression> read = ListAttrRead(op_, call, index)) return read;
    if (!args.empty() && args[0].kind == ExprKind::Name && IsList(args[0])) return ListCall(call);
    if (call.name == "numel" && args.size() == 1) return CppExpression{Shape(args[0]) + ".GetShapeSize()", ScalarType::Int};
    if (call.name == "rank" && args.size() == 1) {
      return CppExpression{"static_cast<int64_t>(" + Shape(args[0]) + ".GetDimNum())", ScalarType::Int};
    }
    if (call.name == "dim" && args.size() == 2) {
      ScalarTranslator index(Side::Host, Names());
      return CppExpression{Dim(Shape(args[0]), index.Translate(args[1]).text), ScalarType::Int};
    }
    if (call.name == "rows" && args.size() == 1) {
      const std::string shape = Shape(args[0]);
      return CppExpression{shape + ".GetShapeSize() / " + Dim(shape, "-1"), ScalarType::Int, 5};
    }
    if (call.name == "sizeof" && args.size() == 1 && args[0].kind == ExprKind::Name) {
      if (const auto dtype = ParseDtype(args[0].name)) return CppExpression{std::to_string(DtypeBytes(*dtype))};
      UseHelper(
          "static int64_t DtypeBytes(gert::TilingContext* context, size_t irIndex) {\n"
          "    uint32_t bytes = 0;\n"
          "    ge::TypeUtils::GetDataTypeLength(context->GetOptionalInputDesc(irIndex)->GetDataType(), bytes);\n"
          "    return bytes;\n}");
      return CppExpression{"DtypeBytes(context, " + std::to_string(InputOfDtype(args[0].name)) + ")"};
    }
    return std::nullopt;
  }

  // A required input of that dtype (an optional one may be absent), by its place in the definition.
  int InputOfDtype(const std::string& variable) const {
    for (const bool optionalToo : {false, true}) {
      for (size_t i = 0; i < op_.inputs.size(); ++i) {
        if (op_.inputs[i].type.name == variable && (optionalToo || !op_.inputs[i].optional)) return static_cast<int>(i);
      }
    }
    throw std::invalid_argument("no input has dtype " + variable);
  }

  const OpHeader& op_;
  std::map<std::string, ScalarType> bound_;
  std::vector<std::string> helpers_;
};

}  // namespace

ScalarType AttrType(AttrKind kind) {
  switch (kind) {
    case AttrKind::Int: return ScalarType::Int;
    case AttrKind::Float: return ScalarType::Float;
    case AttrKind::Bool: return ScalarType::Bool;
    case AttrKind::String: return ScalarType::String;
    case AttrKind::ListInt: return ScalarType::Int;  // of an element
    case AttrKind::ListFloat: return ScalarType::Float;
  }
  return ScalarType::Float;
}

const char* AttrGetter(AttrKind kind) {
  switch (kind) {
    case AttrKind::Int: return "GetInt";
    case AttrKind::Float: return "GetFloat";
    case AttrKind::Bool: return "GetBool";
    case AttrKind::String: return "GetStr";
    case AttrKind::ListInt: return "GetListInt";
    case AttrKind::ListFloat: return "GetListFloat";
  }
  return "GetFloat";
}

std::optional<CppExpression> ListAttrRead(const OpHeader& op, const Expr& expression, ScalarTranslator& index) {
  const bool element = expression.kind == ExprKind::Element;
  const bool call = expression.kind == ExprKind::Call && (expression.name == "len" || expression.name == "prod") &&
                    expression.operands.size() == 1 && expression.operands[0].kind == ExprKind::Name;
  if (!element && !call) return std::nullopt;
  const std::string& name = element ? expression.name : expression.operands[0].name;
  for (size_t i = 0; i < op.attrs.size(); ++i) {
    const AttrKind kind = op.attrs[i].kind;
    if (op.attrs[i].name != name || (kind != AttrKind::ListInt && kind != AttrKind::ListFloat)) continue;
    const std::string list = "context->GetAttrs()->" + std::string(AttrGetter(kind)) + "(" + std::to_string(i) + ")";
    const ScalarType type = AttrType(kind);
    if (element) return CppExpression{list + "->GetData()[" + index.Translate(expression.operands[0]).text + "]", type};
    if (expression.name == "len") return CppExpression{"static_cast<int64_t>(" + list + "->GetSize())", ScalarType::Int};
    const std::string one = type == ScalarType::Int ? "int64_t{1}" : "1.0";
    return CppExpression{"std::accumulate(" + list + "->GetData(), " + list + "->GetData() + " + list + "->GetSize(), " +
                             one + ", std::multiplies<>())",
                         type};
  }
  return std::nullopt;
}

namespace {

void WriteRationale(CodeWriter& out, const std::string& rationale) {
  if (!rationale.empty()) out.Line("// " + rationale);
}

}  // namespace

int InputIndex(const OpHeader& op, const std::string& input) {
  for (size_t i = 0; i < op.inputs.size(); ++i) {
    if (op.inputs[i].name == input) return static_cast<int>(i);
  }
  throw std::invalid_argument(input + " is not an input");
}

std::string ElementsField(const std::string& tensor) { return tensor + "_elements"; }
std::string ListCountsField(const std::string& list) { return "scratchListCounts_" + list; }
std::string ListCountedField(const std::string& list) { return "scratchListCounted_" + list; }

std::string FieldType(ScalarType type) {
  switch (type) {
    case ScalarType::Int: return "int64_t";
    case ScalarType::Float: return "float";
    case ScalarType::Bool: return "uint8_t";
    case ScalarType::String: break;  // the checker keeps strings in the host
  }
  return "int64_t";
}

TilingFunction LowerTilingFunction(const Program& program, const ProgramModel& model) {
  std::vector<std::string> hostNames;
  for (const Statement& statement : program.host) {
    if (const auto* binding = std::get_if<Binding>(&statement.node)) CollectNames(binding->value, hostNames);
    if (const auto* launch = std::get_if<Launch>(&statement.node)) CollectNames(launch->cores, hostNames);
    if (const auto* check = std::get_if<Require>(&statement.node)) CollectNames(check->condition, hostNames);
  }
  auto readByKernel = [&model](const std::string& name) {
    const HostValue* value = model.FindHostValue(name);
    if (value) return value->readByKernel;
    for (const AttrModel& attr : model.attrs) {
      if (attr.name == name) return attr.readByKernel;
    }
    return false;
  };

  HostScope scope(program);
  ScalarTranslator translator(Side::Host, scope.Names());
  CodeWriter out;
  TilingFunction tiling;
  std::vector<std::string> userWorkspace;  // bytes of each workspace tensor, 32-byte aligned
  out.Open("static ge::graphStatus TilingFunc(gert::TilingContext* context)");
  const bool syncAll = model.usesSyncAll || !model.zeroedOutputs.empty();
  const bool soc = Mentions(hostNames, "core_num") || Mentions(hostNames, "ub_bytes") || syncAll;
  if (soc) out.Line("auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());");
  if (Mentions(hostNames, "core_num")) {
    // a kernel with l1/l0c buffers runs on the cube cores (AIC), the others on the vector cores
    out.Line(std::string("const int64_t core_num = platform.") + (model.cube ? "GetCoreNumAic" : "GetCoreNumAiv") + "();");
    scope.Bind("core_num", ScalarType::Int);
  }
  if (Mentions(hostNames, "ub_bytes")) {
    out.Line("uint64_t ub_bytes = 0;");
    out.Line("platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub_bytes);");
    scope.Bind("ub_bytes", ScalarType::Int);
  }
  for (size_t i = 0; i < program.op.attrs.size(); ++i) {
    const AttrDecl& attr = program.op.attrs[i];
    if (!Mentions(hostNames, attr.name) && !readByKernel(attr.name)) continue;
    if (attr.kind == AttrKind::ListInt || attr.kind == AttrKind::ListFloat) continue;  // read where used (ListAttrRead)
    const ScalarType type = AttrType(attr.kind);
    const std::string value = "context->GetAttrs()->" + std::string(AttrGetter(attr.kind)) + "(" + std::to_string(i) + ")";
    if (type == ScalarType::String) {
      scope.UseHelper("static std::string StrAttr(const char* text) { return text == nullptr ? \"\" : text; }");
      out.Line("const std::string " + attr.name + " = StrAttr(" + value + ");");
    } else {
      out.Line("const " + translator.TypeName(type) + " " + attr.name + " = *" + value + ";");
    }
    scope.Bind(attr.name, type);
  }

  for (const Statement& statement : program.host) {
    if (const auto* binding = std::get_if<Binding>(&statement.node)) {
      if (binding->names.size() != 1) throw std::invalid_argument("a host binding of two names");
      if (const TensorModel* workspace = model.FindTensor(binding->names[0]); workspace && workspace->workspace) {
        // The kernel finds its workspace tensors one after the other in the user workspace.
        const std::string elements = ElementsField(workspace->name);
        WriteRationale(out, binding->rationale);
        out.Line("const int64_t " + elements + " = " + translator.Translate(*workspace->length).text + ";");
        tiling.fields.push_back({elements, ScalarType::Int,
                                 binding->rationale.empty() ? "elements of the workspace tensor " + workspace->name
                                                            : binding->rationale});
        // sizeof through the host's own rule: a dtype variable's size is read from the call's inputs.
        Expr dtype;
        dtype.kind = ExprKind::Name;
        dtype.name = workspace->dtype.written;
        Expr size;
        size.kind = ExprKind::Call;
        size.name = "sizeof";
        size.operands.push_back(std::move(dtype));
        userWorkspace.push_back("AlignUpTo(" + elements + " * " + translator.Translate(size).text + ", 32)");
        continue;
      }
      const CppExpression value = translator.Translate(binding->value);
      WriteRationale(out, binding->rationale);
      out.Line("const " + translator.TypeName(value.type) + " " + binding->names[0] + " = " + value.text + ";");
      scope.Bind(binding->names[0], value.type);
      if (readByKernel(binding->names[0])) {
        tiling.fields.push_back({binding->names[0], value.type, binding->rationale});
      }
    } else if (const auto* check = std::get_if<Require>(&statement.node)) {
      const CppExpression condition = translator.Translate(check->condition);
      out.Open("if (!(" + condition.text + "))");
      out.Line("std::fprintf(stderr, \"" + program.op.name + " tiling: %s\\n\", " + Quote(check->message) + ");");
      out.Line("return ge::GRAPH_FAILED;");
      out.Close();
    } else if (const auto* launch = std::get_if<Launch>(&statement.node)) {
      out.Line("context->SetBlockDim(static_cast<uint32_t>(" + translator.Translate(launch->cores).text + "));");
    } else if (const auto* zero = std::get_if<ZeroOutput>(&statement.node)) {
      // The kernel clears the output before any block adds into it; it needs its size.
      const TensorModel* output = model.FindTensor(zero->output);
      if (output->workspace) continue;  // its ElementsField is bound where it is declared
      const std::string name = ElementsField(zero->output);
      out.Line("const int64_t " + name + " = context->GetOutputShape(" + std::to_string(output->index) +
               ")->GetStorageShape().GetShapeSize();");
      tiling.fields.push_back({name, ScalarType::Int, "elements of " + zero->output + ", which the kernel clears first"});
    }
  }
  for (const AttrDecl& attr : program.op.attrs) {
    if (readByKernel(attr.name)) tiling.fields.push_back({attr.name, AttrType(attr.kind), "attribute " + attr.name});
  }
  // numel(xs, i) in the kernel reads the first counts here rather than walking xs's descriptor in GM.
  for (const TensorModel& list : model.inputs) {
    if (!list.list || !list.countedInKernel) continue;
    scope.UseHelper(
        "// The element counts of the first `capacity` tensors of the list input at IR index `ir`, up to\n"
        "// the first that does not fit 32 bits; returns how many were written.\n"
        "static int64_t ListCounts(gert::TilingContext* context, size_t ir, uint32_t* counts, int64_t capacity) {\n"
        "    int64_t written = 0;\n"
        "    for (; written < capacity; ++written) {\n"
        "        const auto* shape = context->GetDynamicInputShape(ir, written);\n"
        "        if (shape == nullptr) break;\n"
        "        const int64_t elements = shape->GetStorageShape().GetShapeSize();\n"
        "        if (elements > static_cast<int64_t>(UINT32_MAX)) break;\n"
        "        counts[written] = static_cast<uint32_t>(elements);\n"
        "    }\n"
        "    return written;\n}");
    const std::string counts = ListCountsField(list.name);
    const std::string counted = ListCountedField(list.name);
    out.Line("uint32_t " + counts + "[" + std::to_string(kListCounts) + "] = {};");
    out.Line("const int64_t " + counted + " = ListCounts(context, " + std::to_string(InputIndex(program.op, list.name)) + ", " + counts + ", " +
             std::to_string(kListCounts) + ");");
    tiling.fields.push_back({counts, ScalarType::Int, "elements of the first tensors of " + list.name, kListCounts});
    tiling.fields.push_back({counted, ScalarType::Int, "tensors of " + list.name + " counted in " + counts});
  }

  out.Line("");
  out.Line(program.op.name + "TilingData tiling;");
  for (const TilingField& field : tiling.fields) {
    const std::string value =
        field.type == ScalarType::Int ? field.name : "static_cast<" + FieldType(field.type) + ">(" + field.name + ")";
    out.Line("tiling.set_" + field.name + "(" + value + ");");
  }
  out.Line("tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());");
  out.Line("context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());");
  out.Line("size_t* workspace = context->GetWorkspaceSizes(1);");
  std::string workspaceBytes = syncAll ? "platform.GetLibApiWorkSpaceSize()" : "";
  for (const std::string& bytes : userWorkspace) workspaceBytes += (workspaceBytes.empty() ? "" : " + ") + bytes;
  if (!userWorkspace.empty()) translator.UseHelper("AlignUpTo");
  if (workspaceBytes.empty()) {
    out.Line("workspace[0] = 0;");
  } else {
    out.Line("workspace[0] = " + workspaceBytes + ";" +
             (syncAll ? "  // SyncAll's system workspace" + std::string(userWorkspace.empty() ? "" : ", then the workspace tensors")
                      : "  // the workspace tensors"));
  }
  out.Line("return ge::GRAPH_SUCCESS;");
  out.Close();
  tiling.body = out.Text();
  tiling.helpers = translator.HelperDefinitions();
  for (const std::string& helper : scope.HelpersUsed()) tiling.helpers.push_back(helper);
  return tiling;
}

std::string TilingHeader(const Program& program, const std::string& kernelName, const std::vector<TilingField>& fields) {
  std::string guard;
  for (const char c : kernelName) guard += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  guard += "_TILING_H";
  CodeWriter out;
  out.Line("// Tiling data of " + program.op.name + ": the host values its kernel reads. Generated by akgen craft.");
  out.Line("#ifndef " + guard);
  out.Line("#define " + guard);
  out.Line("#include \"register/tilingdata_base.h\"");
  out.Line("");
  out.Line("namespace optiling {");
  out.Line("BEGIN_TILING_DATA_DEF(" + program.op.name + "TilingData)");
  for (const TilingField& field : fields) {
    WriteRationale(out, field.rationale);
    if (field.arrayLength > 0)
      out.Line("TILING_DATA_FIELD_DEF_ARR(uint32_t, " + std::to_string(field.arrayLength) + ", " + field.name + ");");
    else
      out.Line("TILING_DATA_FIELD_DEF(" + FieldType(field.type) + ", " + field.name + ");");
  }
  out.Line("END_TILING_DATA_DEF;");
  out.Line("");
  out.Line("REGISTER_TILING_DATA_CLASS(" + program.op.name + ", " + program.op.name + "TilingData)");
  out.Line("}  // namespace optiling");
  out.Line("#endif  // " + guard);
  return out.Text();
}

}  // namespace akgen::craft::lower
