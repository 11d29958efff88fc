#include "craft/lower/kernel_names.h"

#include <algorithm>
#include <stdexcept>

namespace akgen::craft::lower {
namespace {

ScalarType TypeOf(ValueKind kind) {
  switch (kind) {
    case ValueKind::Int: return ScalarType::Int;
    case ValueKind::Float: return ScalarType::Float;
    case ValueKind::Bool: return ScalarType::Bool;
    case ValueKind::String: break;  // the checker keeps strings in the host
  }
  return ScalarType::Int;
}

bool IsCompareOperand(const ProgramModel& model, const std::string& buffer) {
  for (const ComputeModel& compute : model.computes) {
    // Compares, isfinite and select read whole 256-byte repeats of their operands.
    const bool compare = compute.primitive >= Primitive::CmpLt && compute.primitive <= Primitive::IsFinite;
    if (compare && std::find(compute.bufferOperands.begin(), compute.bufferOperands.end(), buffer) !=
                       compute.bufferOperands.end()) {
      return true;
    }
  }
  return false;
}

// A block of constants: its first line after the comments declares one (a function that merely
// uses constexpr inside is a helper, which may call the scalar helpers).
bool DefinesConstants(const std::string& definition) {
  size_t line = 0;
  while (line < definition.size() && definition.compare(line, 2, "//") == 0) {
    const size_t end = definition.find('\n', line);
    if (end == std::string::npos) return false;
    line = end + 1;
  }
  return definition.compare(line, 10, "constexpr ") == 0;
}

}  // namespace

KernelNames::KernelNames(const ProgramModel& model, const std::vector<TilingField>& fields)
    : model_(model),
      scalars_(Side::Kernel,
               ScalarNames{[this, &fields](const std::string& name) -> std::optional<CppExpression> {
                             for (const TilingField& field : fields) {
                               if (field.name == name) return CppExpression{name, field.type, 0};
                             }
                             for (const KernelScalar& scalar : model_.kernelScalars) {
                               if (scalar.name == name) return CppExpression{name, TypeOf(scalar.kind), 0};
                             }
                             // In a mixed kernel a vector core's GetBlockIdx() counts vector cores: its AI
                             // core is that over the vector cores per AI core (GetTaskRation(), 1 on the cube).
                             if (name == "block_idx")
                               return CppExpression{model_.mixed ? "(GetBlockIdx() / GetTaskRation())" : "GetBlockIdx()",
                                                    ScalarType::Int, 0};
                             if (name == "block_num") return CppExpression{"GetBlockNum()", ScalarType::Int, 0};
                             if (name == "sub_idx")
                               return CppExpression{model_.mixed ? "GetSubBlockIdx()" : "0", ScalarType::Int, 0};
                             if (name == "sub_num")
                               return CppExpression{model_.mixed ? "GetSubBlockNum()" : "1", ScalarType::Int, 0};
                             return std::nullopt;
                           },
                           [this, &fields](const Expr& call) -> std::optional<CppExpression> {
                             if (call.kind == ExprKind::Element) return ElementRead(call);
                             if (call.name == "numel" && call.operands.size() == 2) {
                               UseListNumel();
                               const std::string& list = call.operands[0].name;
                               const bool counted = std::any_of(fields.begin(), fields.end(), [&](const TilingField& field) {
                                 return field.name == ListCountsField(list);
                               });
                               const std::string cache = counted ? ListCountedField(list) + ", " + ListCountsField(list)
                                                                 : std::string("0, nullptr");
                               return CppExpression{"ListNumel(" + ListMember(list) + ", " + Scalar(call.operands[1]) +
                                                        ", " + ListCursor(list) + ", " + cache + ")",
                                                    ScalarType::Int, 0};
                             }
                             if (call.name != "sizeof" || call.operands.size() != 1) return std::nullopt;
                             const std::string& type = call.operands[0].name;
                             const auto dtype = ParseDtype(type);
                             return CppExpression{dtype ? std::to_string(DtypeBytes(*dtype)) : "sizeof(" + type + ")",
                                                  ScalarType::Int, 0};
                           }}) {}

// `x[i]`: a scalar read from global memory, converted to the scalar's kernel type.
CppExpression KernelNames::ElementRead(const Expr& element) {
  const TensorModel* tensor = model_.FindTensor(element.name);
  if (!tensor) throw std::invalid_argument(element.name + " is not a tensor");
  const ScalarType type = TypeOf(ElementKind(tensor->dtype));
  return CppExpression{"static_cast<" + scalars_.TypeName(type) + ">(" + element.name + "Gm.GetValue(" +
                           Scalar(element.operands[0]) + "))",
                       type, 0};
}

// A tensor list arrives as the GM address of its descriptor, uint64 words: word 0 is the byte
// offset of the data-pointer array; then, per tensor, a word with its rank in the low 32 bits and
// its dims; then the data pointers in list order.
void KernelNames::UseListTensor() {
  UseHelper(
      "// Tensor `index` of a tensor list: word 0 of the list's descriptor is the byte offset of its\n"
      "// data-pointer array.\n"
      "template <typename T>\n"
      "__aicore__ inline __gm__ T* ListTensor(GM_ADDR list, int64_t index) {\n"
      "    GlobalTensor<uint64_t> words;\n"
      "    words.SetGlobalBuffer((__gm__ uint64_t*)list);\n"
      "    return reinterpret_cast<__gm__ T*>(words.GetValue(words.GetValue(0) / sizeof(uint64_t) + index));\n"
      "}");
}

void KernelNames::UseListNumel() {
  listNumelUsed_ = true;
  UseHelper(
      "// Where a walk over a list's descriptor stopped: after word 0, every tensor's part of the\n"
      "// descriptor is a word with its rank in the low 32 bits, then one word per dimension, so\n"
      "// numel(xs, i) for i = 0, 1, 2, ... reads each tensor's part once.\n"
      "struct ListCursor {\n"
      "    int64_t index = 0;\n"
      "    int64_t word = 1;\n"
      "};\n"
      "\n"
      "// Elements of tensor `index` of a tensor list: one of the `counted` the host passed in `counts`, or\n"
      "// walking the descriptor on from the cursor (from the start for an earlier tensor).\n"
      "__aicore__ inline int64_t ListNumel(GM_ADDR list, int64_t index, ListCursor& cursor, int64_t counted,\n"
      "                                    const uint32_t* counts) {\n"
      "    if (index < counted) return counts[index];\n"
      "    GlobalTensor<uint64_t> words;\n"
      "    words.SetGlobalBuffer((__gm__ uint64_t*)list);\n"
      "    if (index < cursor.index) cursor = ListCursor{};\n"
      "    for (; cursor.index < index; ++cursor.index) {\n"
      "        cursor.word += 1 + static_cast<int64_t>(words.GetValue(cursor.word) & 0xFFFFFFFFu);\n"
      "    }\n"
      "    const int64_t rank = static_cast<int64_t>(words.GetValue(cursor.word) & 0xFFFFFFFFu);\n"
      "    int64_t elements = 1;\n"
      "    for (int64_t d = 1; d <= rank; ++d) elements *= static_cast<int64_t>(words.GetValue(cursor.word + d));\n"
      "    return elements;\n"
      "}");
}

void KernelNames::UseHelper(const std::string& definition) {
  if (std::find(helpers_.begin(), helpers_.end(), definition) == helpers_.end()) helpers_.push_back(definition);
}

std::vector<std::string> KernelNames::HelperDefinitions() const {
  // Constants first: the helpers may use them.
  std::vector<std::string> definitions;
  for (const std::string& helper : helpers_) {
    if (DefinesConstants(helper)) definitions.push_back(helper);
  }
  for (const std::string& helper : scalars_.HelperDefinitions()) definitions.push_back(helper);
  for (const std::string& helper : helpers_) {
    if (!DefinesConstants(helper)) definitions.push_back(helper);
  }
  return definitions;
}

std::string KernelNames::Columns(const BufferModel& buffer) {
  if (buffer.extents.size() != 2) throw std::invalid_argument(buffer.name + " is not a 2-D buffer");
  // An operand of `*` and `-` in offsets and byte counts: `d + 1` columns are parenthesised.
  return Wrapped(scalars_.Translate(*buffer.extents[1]));
}

std::string KernelNames::RowStride(const BufferModel& buffer) {
  UseHelper(
      "// A 2-D buffer's rows start every ROW_ALIGN elements: a multiple of 32 bytes for every dtype, and\n"
      "// the same stride for every dtype, so whole-buffer statements and casts keep the rows in place.\n"
      "constexpr int64_t ROW_ALIGN = 32;");
  scalars_.UseHelper("AlignUpTo");
  return "AlignUpTo(" + Columns(buffer) + ", ROW_ALIGN)";
}

std::string KernelNames::Capacity(const BufferModel& buffer) {
  // An operand of `*` and `/` in the byte and scratch sizes: `tile + 8` is parenthesised.
  const std::string length = Wrapped(scalars_.Translate(*buffer.extents[0]));
  if (buffer.extents.size() == 2) return length + " * " + RowStride(buffer);
  if (!IsCompareOperand(model_, buffer.name)) return length;
  UseCompareAlign();
  return "AlignUpTo(" + length + ", COMPARE_ALIGN)";
}

void KernelNames::UseCompareAlign() {
  UseHelper("// Compare works on whole 256-byte repeats: 128 elements covers them for f16 and f32.\nconstexpr int64_t COMPARE_ALIGN = 128;");
  scalars_.UseHelper("AlignUpTo");
}

std::string KernelNames::PipeSync(const std::string& event) {
  UseHelper(
      "// Orders the two pipes: what the second pipe does next waits for what the first has issued.\n"
      "template <HardEvent event>\n"
      "__aicore__ inline void PipeSync() {\n"
      "    const event_t id = static_cast<event_t>(GetTPipePtr()->FetchEventID(event));\n"
      "    SetFlag<event>(id);\n"
      "    WaitFlag<event>(id);\n"
      "}");
  return "PipeSync<HardEvent::" + event + ">();";
}

}  // namespace akgen::craft::lower
