#include "craft/check/checker.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <span>
#include <string_view>

#include "craft/check/affine.h"
#include "craft/check/cast_path.h"
#include "craft/check/closest_name.h"
#include "craft/check/expr_text.h"
#include "craft/check/generated_names.h"
#include "craft/check/interval.h"
#include "craft/check/temporaries.h"

namespace akgen::craft {
namespace {

constexpr int64_t kUbBytes = 196608;
constexpr int64_t kBlockBytes = 32;
constexpr int kMaxBufferDepth = 8;
// The lowering's layout (program_model.h, BufferModel::maxElements): rows of a 2-D buffer start
// every align_up(COLS, 32) elements; compare, select and isfinite operands hold whole 128-element
// repeats; zero(...) clears outputs through a chunk of 256 elements.
constexpr int64_t kRowAlign = 32;
constexpr int64_t kCompareAlign = 128;
// The cube's memories on Atlas A2 (bytes per AI core), and the edge of a fractal: l1 and l0c
// blocks are stored as 16 x 16 fractals, so both extents round up to 16.
constexpr int64_t kL1Bytes = 524288 - 128;  // A2 keeps the last 128 bytes of L1 for itself
constexpr int64_t kBiasTableBytes = 1024;    // f32 bias values, AlignUp(N, 16) of them
constexpr int64_t kL0cBytes = 131072;
constexpr int64_t kL0abBytes = 65536;  // L0A and L0B each; the compiler double-buffers its K steps there
constexpr int64_t kFractalEdge = 16;
constexpr int64_t kZeroChunk = 256;
// An f16 reduction keeps the index it finds in 16 bits (argmax_rows, argmin_rows).
constexpr int64_t kMaxHalfIndexColumns = 65536;
// A pairs buffer's element: an 8-byte (value, index) pair. MrgSort's run lengths are 12-bit fields:
// a row of pairs, its padding to 32 pairs included (a merge's input), holds at most 4095, so 4064.
constexpr int64_t kPairBytes = 8;
constexpr int64_t kMaxPairColumns = 4064;

bool IsSortPrimitive(Primitive primitive) {
  return primitive == Primitive::SortRows || primitive == Primitive::MergeRows || primitive == Primitive::PairValues ||
         primitive == Primitive::PairIndices;
}

int64_t AlignToBlock(int64_t bytes) { return (bytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes; }

enum class SymbolKind { Input, Output, Workspace, Attr, DtypeVariable, HostValue, KernelScalar, Buffer };

bool IsGlobalTensor(SymbolKind kind) {
  return kind == SymbolKind::Input || kind == SymbolKind::Output || kind == SymbolKind::Workspace;
}

struct Symbol {
  SymbolKind kind = SymbolKind::HostValue;
  SourcePosition at;
  ValueKind value = ValueKind::Int;
  Interval range;
  size_t index = 0;  // into the model's vector of this kind
};

// Where an expression or statement is: decides which names and statements are allowed.
enum class Where { Host, Kernel, CopyIn, Compute, CopyOut };

// The names every host section and every kernel knows without declaring them (Scope gives their ranges).
constexpr std::array<std::string_view, 2> kHostBuiltins = {"core_num", "ub_bytes"};
constexpr std::array<std::string_view, 4> kKernelBuiltins = {"block_idx", "block_num", "sub_idx", "sub_num"};

std::span<const std::string_view> BuiltinNames(bool host) {
  return host ? std::span<const std::string_view>(kHostBuiltins) : std::span<const std::string_view>(kKernelBuiltins);
}

bool IsHostFunction(std::string_view name) {
  return name == "numel" || name == "dim" || name == "rank" || name == "rows" || name == "len" || name == "prod";
}

bool IsArithmeticFunction(std::string_view name) {
  return name == "min" || name == "max" || name == "abs" || name == "cdiv" || name == "align_up" ||
         name == "align_down" || name == "sizeof" || name == "ceil" || name == "floor";
}

const char* StageName(Where where) {
  switch (where) {
    case Where::CopyIn: return "copyin:";
    case Where::Compute: return "compute:";
    case Where::CopyOut: return "copyout:";
    default: return "the kernel outside stage blocks";
  }
}

Where WhereOf(StageKind kind) {
  return kind == StageKind::CopyIn ? Where::CopyIn : kind == StageKind::Compute ? Where::Compute : Where::CopyOut;
}

ValueKind Join(ValueKind a, ValueKind b) {
  if (a == ValueKind::Float || b == ValueKind::Float) return ValueKind::Float;
  if (a == ValueKind::Bool && b == ValueKind::Bool) return ValueKind::Bool;
  return ValueKind::Int;
}

// The elements a slice `[start:stop]` covers, as an expression: `stop` when it starts at 0,
// `L` for `[a:a + L]`, else `stop - start`. Absent when the slice runs to the end.
std::optional<Expr> SliceLength(const SliceRange& range) {
  if (!range.stop) return std::nullopt;
  const Expr& stop = *range.stop;
  if (!range.start || (range.start->kind == ExprKind::Integer && range.start->integer == 0)) return stop;
  return Difference(stop, *range.start);
}

class Checker {
 public:
  Checker(const Program& program, const std::string& fileName, std::vector<Diagnostic>& diagnostics)
      : program_(program), fileName_(fileName), diagnostics_(diagnostics) {}

  ProgramModel Run() {
    CheckHeader();
    CheckHost();
    CheckKernel();
    PlaceStages();
    ClassifyBuffers();
    CheckRationales();
    CheckBudget();
    return std::move(model_);
  }

 private:
  // ---- diagnostics ----

  void Report(SourcePosition at, Severity severity, const char* kind, std::string message, std::string hint) {
    Diagnostic diagnostic;
    diagnostic.file = fileName_;
    diagnostic.line = at.line;
    diagnostic.column = at.column;
    diagnostic.severity = severity;
    diagnostic.kind = kind;
    diagnostic.message = std::move(message);
    diagnostic.hint = std::move(hint);
    diagnostics_.push_back(std::move(diagnostic));
  }
  void Error(SourcePosition at, const char* kind, std::string message, std::string hint) {
    Report(at, Severity::Error, kind, std::move(message), std::move(hint));
  }

  void UnknownName(SourcePosition at, const std::string& name, const std::string& what,
                   const std::vector<std::string>& candidates) {
    std::optional<std::string> closest = ClosestName(name, candidates);
    std::string hint = closest ? "did you mean `" + *closest + "`?" : "declare it before this use";
    Error(at, "unknown-name", "unknown " + what + " `" + name + "`", hint);
  }

  std::vector<std::string> VisibleNames(Where where) const {
    std::vector<std::string> names;
    for (const auto& [name, symbol] : symbols_) names.push_back(name);
    for (const std::string_view builtin : BuiltinNames(where == Where::Host)) names.emplace_back(builtin);
    return names;
  }

  std::vector<std::string> FunctionNames(Where where) const {
    std::vector<std::string> names = {"min", "max", "abs", "cdiv", "align_up", "align_down", "sizeof", "ceil", "floor"};
    if (where == Where::Host)
      for (const char* name : {"numel", "dim", "rank", "rows", "len", "prod"}) names.push_back(name);
    else
      names.push_back("block_span");
    return names;
  }

  std::vector<std::string> DtypeNames() const {
    std::vector<std::string> names = {"f16", "bf16", "f32", "i8", "i16", "i32", "i64", "u8", "bool", "c64"};
    for (const auto& [name, symbol] : symbols_)
      if (symbol.kind == SymbolKind::DtypeVariable) names.push_back(name);
    return names;
  }

  const Symbol* Find(const std::string& name) const {
    auto found = symbols_.find(name);
    return found == symbols_.end() ? nullptr : &found->second;
  }

  // False (with an error) when the name is taken.
  bool Declare(const std::string& name, SourcePosition at, Symbol symbol) {
    if (IsGeneratedCodeName(name)) {
      Error(at, "syntax", "`" + name + "` cannot be a name: the AscendC the program becomes uses it",
            "rename it (`" + name + "_`); tensors and attributes are passed by position, so the op still fits "
            "the task's pybind.cpp");
      return false;
    }
    if (const Symbol* existing = Find(name)) {
      Error(at, "syntax",
            "`" + name + "` is already declared at " + std::to_string(existing->at.line) + ":" +
                std::to_string(existing->at.column),
            "give it a name of its own");
      return false;
    }
    symbol.at = at;
    symbols_[name] = symbol;
    return true;
  }

  size_t ErrorCount() const {
    return std::count_if(diagnostics_.begin(), diagnostics_.end(),
                         [](const Diagnostic& diagnostic) { return diagnostic.severity == Severity::Error; });
  }

  size_t Combinations() const { return model_.combinations.size(); }

  std::string CombinationText(size_t k) const {
    std::string text;
    for (const auto& [variable, dtype] : model_.combinations[k])
      text += (text.empty() ? "" : ", ") + variable + " = " + std::string(DtypeName(dtype));
    return text;
  }

  // `T (bf16 when T = bf16, U = f32)` or `f16`.
  std::string DtypeText(const ResolvedDtype& dtype, size_t k) const {
    std::string name(DtypeName(dtype.perCombination[k]));
    return dtype.variable ? dtype.written + " (" + name + " in combination " + CombinationText(k) + ")" : name;
  }

  // ---- the op header ----

  void CheckHeader() {
    const OpHeader& op = program_.op;
    model_.opName = op.name;
    size_t combinations = op.dtypes.empty() ? 1 : op.dtypes[0].dtypes.size();
    model_.combinations.assign(combinations, {});
    for (const DtypeColumn& column : op.dtypes) {
      Declare(column.variable, column.at, Symbol{SymbolKind::DtypeVariable, {}, ValueKind::Int, {}, 0});
      if (column.dtypes.size() != combinations) {
        Error(column.at, "dtype",
              "`dtypes " + column.variable + "` lists " + std::to_string(column.dtypes.size()) + " dtypes, `dtypes " +
                  op.dtypes[0].variable + "` lists " + std::to_string(combinations),
              "every dtypes line has one dtype per combination (the lines are read as columns)");
      }
      for (size_t k = 0; k < column.dtypes.size() && k < combinations; ++k) {
        std::optional<Dtype> dtype = ParseDtype(column.dtypes[k].name);
        if (!dtype) UnknownName(column.dtypes[k].at, column.dtypes[k].name, "dtype", DtypeNames());
        if (dtype == Dtype::C64)
          Error(column.dtypes[k].at, "dtype",
                "`" + column.variable + "` cannot be c64: a complex64 tensor is moved as its f32 pairs, which a dtype variable's "
                "buffers cannot follow",
                "declare a complex tensor `c64` itself (`input x: c64`); an op whose combinations mix complex and real "
                "dtypes under one variable cannot be written yet");
        model_.combinations[k][column.variable] = dtype.value_or(Dtype::F32);
      }
    }
    for (const InputDecl& input : op.inputs) {
      TensorModel tensor{input.name, input.at, false, static_cast<int>(model_.inputs.size()), Resolve(input.type),
                         input.list, input.optional, input.valueDepend};
      tensor.inout = input.inout;
      Declare(input.name, input.at, Symbol{SymbolKind::Input, {}, ValueKind::Int, {}, model_.inputs.size()});
      model_.inputs.push_back(std::move(tensor));
    }
    for (const AttrDecl& attr : op.attrs) {
      const bool list = attr.kind == AttrKind::ListInt || attr.kind == AttrKind::ListFloat;
      ValueKind kind = attr.kind == AttrKind::Int || attr.kind == AttrKind::ListInt ? ValueKind::Int
                       : attr.kind == AttrKind::Bool                              ? ValueKind::Bool
                       : attr.kind == AttrKind::String                            ? ValueKind::String
                                                                                  : ValueKind::Float;
      if (attr.defaultValue && (CheckScalar(*attr.defaultValue, Where::Host) == ValueKind::String) != (kind == ValueKind::String))
        Error(attr.defaultValue->at, "dtype", "the default of `" + attr.name + "` does not match its kind",
              kind == ValueKind::String ? "a str attribute's default is a string: `= \"mean\"`"
                                        : "give a number or true/false, as the attribute's kind says");
      Declare(attr.name, attr.at, Symbol{SymbolKind::Attr, {}, kind, {}, model_.attrs.size()});
      model_.attrs.push_back(AttrModel{attr.name, attr.at, kind, false, list});
    }
    for (const OutputDecl& output : op.outputs) {
      if (output.shape != ShapeRule::Explicit) {
        const Symbol* like = Find(output.likeInput);
        if (!like || like->kind != SymbolKind::Input) {
          UnknownName(output.at, output.likeInput, "input", InputNames());
        } else if (output.shape == ShapeRule::Values) {
          const TensorModel& dims = model_.inputs[like->index];
          bool integers = std::all_of(dims.dtype.perCombination.begin(), dims.dtype.perCombination.end(),
                                      [](Dtype dtype) { return dtype == Dtype::I32 || dtype == Dtype::I64; });
          if (!dims.valueDepend || !integers || dims.list)
            Error(output.at, "signature", "`shape values(" + dims.name + ")` reads the values of `" + dims.name +
                                              "`, which must be an i32 or i64 input declared value_depend",
                  "declare it `input " + dims.name + ": i64 value_depend`");
        }
      }
      for (const Expr& extent : output.extents) CheckScalar(extent, Where::Host);
      TensorModel tensor{output.name, output.at, true, static_cast<int>(model_.outputs.size()), Resolve(output.type),
                         output.list, false};
      const Symbol* input = Find(output.name);
      if (input && input->kind == SymbolKind::Input) {
        // `input y` and `output y`: the OpDef's in-place pair, one tensor the kernel reads and writes.
        TensorModel& same = model_.inputs[input->index];
        if (same.dtype.perCombination != tensor.dtype.perCombination || same.list || output.list)
          Error(output.at, "signature", "the output `" + output.name + "` is the input of that name, written in place, and must have its dtype",
                "declare it `output " + output.name + ": " + same.dtype.written + " like " + output.name + "`");
        same.inout = true;
        tensor.ref = true;
        model_.outputs.push_back(std::move(tensor));
        continue;
      }
      Declare(output.name, output.at, Symbol{SymbolKind::Output, {}, ValueKind::Int, {}, model_.outputs.size()});
      model_.outputs.push_back(std::move(tensor));
    }
    CheckDerivedDtypeVariables();
  }

  // A dtype variable is a tensor's dtype: an input's, or, when no input has it, an output's, which
  // the caller gives (an op with no input, such as arange, makes the dtype it is asked for). One no
  // tensor has is derived: the kernel picks it from the tensors' dtypes (a compute dtype that follows
  // them, `dtypes C: f16, f32, f32` beside `dtypes T: f16, bf16, f32`), so they must decide it.
  void CheckDerivedDtypeVariables() {
    const OpHeader& op = program_.op;
    std::vector<std::string> bound;
    for (const std::vector<TensorModel>* tensors : {&model_.inputs, &model_.outputs})
      for (const TensorModel& tensor : *tensors)
        if (tensor.dtype.variable) bound.push_back(tensor.dtype.written);
    for (const DtypeColumn& column : op.dtypes) {
      if (std::find(bound.begin(), bound.end(), column.variable) != bound.end()) continue;
      derivedVariables_.insert(column.variable);
      for (size_t a = 0; a < model_.combinations.size(); ++a) {
        for (size_t b = a + 1; b < model_.combinations.size(); ++b) {
          bool sameInputs = true;
          for (const std::string& variable : bound)
            sameInputs = sameInputs && model_.combinations[a].at(variable) == model_.combinations[b].at(variable);
          if (sameInputs && model_.combinations[a].at(column.variable) != model_.combinations[b].at(column.variable)) {
            Error(column.at, "dtype",
                  "no tensor has `" + column.variable + "`, and combinations " + std::to_string(a + 1) + " and " +
                      std::to_string(b + 1) + " give it different dtypes for the same tensor dtypes",
                  "a dtype variable no tensor has must follow from the tensors' dtypes");
            return;
          }
        }
      }
    }
  }

  std::vector<std::string> InputNames() const {
    std::vector<std::string> names;
    for (const TensorModel& input : model_.inputs) names.push_back(input.name);
    return names;
  }

  ResolvedDtype Resolve(const TypeName& type) {
    ResolvedDtype resolved;
    resolved.written = type.name;
    if (std::optional<Dtype> dtype = ParseDtype(type.name)) {
      resolved.perCombination.assign(Combinations(), *dtype);
      return resolved;
    }
    const Symbol* symbol = Find(type.name);
    if (symbol && symbol->kind == SymbolKind::DtypeVariable) {
      resolved.variable = true;
      for (const DtypeCombination& combination : model_.combinations) {
        auto found = combination.find(type.name);
        resolved.perCombination.push_back(found == combination.end() ? Dtype::F32 : found->second);
      }
      return resolved;
    }
    UnknownName(type.at, type.name, "dtype", DtypeNames());
    resolved.perCombination.assign(Combinations(), Dtype::F32);
    return resolved;
  }

  // ---- scalar expressions ----

  IntervalScope Scope() const {
    IntervalScope scope;
    scope.value = [this](const std::string& name) -> Interval {
      if (name == "ub_bytes") return Interval::Exactly(kUbBytes);
      if (name == "core_num" || name == "block_num") return Interval::AtLeast(1);
      if (name == "block_idx") return Interval::AtLeast(0);
      if (name == "sub_idx") return Interval{0, 1};
      if (name == "sub_num") return Interval{1, 2};
      const Symbol* symbol = Find(name);
      if (!symbol) return Interval{};
      // In one dtype combination, a host value sized by a dtype variable (`tile = 96000 // sizeof(T)`)
      // has that combination's range, within the range its requires allow across all of them.
      auto definition = hostDefinitions_.find(name);
      if (sizeCombination_ < Combinations() && definition != hostDefinitions_.end() &&
          ReadsDtypeSize(*definition->second)) {
        return Evaluate(*definition->second, Scope()).Within(symbol->range);
      }
      return symbol->range;
    };
    scope.sizeOf = [this](const std::string& name) -> std::optional<int64_t> {
      if (std::optional<Dtype> dtype = ParseDtype(name)) return DtypeBytes(*dtype);
      if (sizeCombination_ < Combinations()) {
        auto found = model_.combinations[sizeCombination_].find(name);
        if (found != model_.combinations[sizeCombination_].end()) return DtypeBytes(found->second);
      }
      return std::nullopt;
    };
    return scope;
  }

  Interval Range(const Expr& expr) const { return Evaluate(expr, Scope()); }

  // Whether a host expression reads the size of a dtype variable, directly or through host values.
  bool ReadsDtypeSize(const Expr& expr) const {
    if (expr.kind == ExprKind::Call && expr.name == "sizeof" && expr.operands.size() == 1 &&
        expr.operands[0].kind == ExprKind::Name && !ParseDtype(expr.operands[0].name))
      return true;
    if (expr.kind == ExprKind::Name) {
      auto definition = hostDefinitions_.find(expr.name);
      return definition != hostDefinitions_.end() && ReadsDtypeSize(*definition->second);
    }
    return std::any_of(expr.operands.begin(), expr.operands.end(),
                       [&](const Expr& operand) { return ReadsDtypeSize(operand); });
  }

  // Checks names and operators; returns the value's kind.
  ValueKind CheckScalar(const Expr& expr, Where where) {
    switch (expr.kind) {
      case ExprKind::Integer: return ValueKind::Int;
      case ExprKind::Float: return ValueKind::Float;
      case ExprKind::Bool: return ValueKind::Bool;
      case ExprKind::String:
        if (where != Where::Host)
          Error(expr.at, "stage", "a string in the kernel", "compare str attributes in the host and pass a bool");
        return ValueKind::String;
      case ExprKind::Element: return CheckElementRead(expr, where);
      case ExprKind::Name: return CheckName(expr, where);
      case ExprKind::Unary: {
        ValueKind inner = CheckScalar(expr.operands[0], where);
        return expr.name == "not" ? ValueKind::Bool : inner;
      }
      case ExprKind::Binary: {
        ValueKind left = CheckScalar(expr.operands[0], where);
        ValueKind right = CheckScalar(expr.operands[1], where);
        const std::string& op = expr.name;
        if (left == ValueKind::String || right == ValueKind::String) {
          if ((op != "==" && op != "!=") || left != right)
            Error(expr.at, "dtype", "`" + op + "` on a string", "compare a str attribute with a string: `reduction == \"mean\"`");
          return ValueKind::Bool;
        }
        if (op == "and" || op == "or" || op == "==" || op == "!=" || op == "<" || op == "<=" || op == ">" || op == ">=")
          return ValueKind::Bool;
        if (op == "/" && left == ValueKind::Int && right == ValueKind::Int)
          Error(expr.at, "dtype", "`/` on two integers", "use `//` for integer division, or make one side a float");
        if (op == "**" && where != Where::Host)
          Error(expr.at, "stage", "`**` in the kernel", "compute the power in the host and pass the value");
        return op == "/" ? ValueKind::Float : Join(left, right);
      }
      case ExprKind::Conditional: {
        CheckScalar(expr.operands[1], where);
        return Join(CheckScalar(expr.operands[0], where), CheckScalar(expr.operands[2], where));
      }
      case ExprKind::Call: return CheckCall(expr, where);
    }
    return ValueKind::Int;
  }

  ValueKind CheckName(const Expr& expr, Where where) {
    const std::string& name = expr.name;
    bool host = where == Where::Host;
    const std::span<const std::string_view> builtins = BuiltinNames(host);
    if (std::find(builtins.begin(), builtins.end(), name) != builtins.end()) return ValueKind::Int;
    if (ParseDtype(name)) {
      Error(expr.at, "dtype", "`" + name + "` is a dtype, not a value", "write `sizeof(" + name + ")` for its size");
      return ValueKind::Int;
    }
    auto found = symbols_.find(name);
    if (found == symbols_.end()) {
      UnknownName(expr.at, name, "name", VisibleNames(where));
      return ValueKind::Int;
    }
    Symbol& symbol = found->second;
    switch (symbol.kind) {
      case SymbolKind::HostValue:
        if (!host) model_.hostValues[symbol.index].readByKernel = true;
        return symbol.value;
      case SymbolKind::Attr:
        if (model_.attrs[symbol.index].list) {
          Error(expr.at, host ? "dtype" : "stage", "`" + name + "` is a list, not a scalar",
                host ? "read its length, elements or product in the host: `len(" + name + ")`, `" + name + "[i]`, `prod(" +
                           name + ")`"
                     : "bind what the kernel needs in the host (`n = prod(" + name + ")`) and use that");
          return symbol.value;
        }
        if (!host && symbol.value == ValueKind::String) {
          Error(expr.at, "stage", "the str attribute `" + name + "` in the kernel",
                "compare it in the host and pass the result: `mean = " + name + " == \"mean\"`");
          return ValueKind::Bool;
        }
        if (!host) model_.attrs[symbol.index].readByKernel = true;
        return symbol.value;
      case SymbolKind::KernelScalar: return symbol.value;
      case SymbolKind::Input:
      case SymbolKind::Output:
      case SymbolKind::Workspace:
        Error(expr.at, "stage", "`" + name + "` is a tensor, not a scalar",
              host ? "read its shape with numel(" + name + "), dim(" + name + ", i) or rows(" + name + ")"
                   : "move tensor data in copyin:/copyout: blocks; read shapes in the host");
        return ValueKind::Int;
      case SymbolKind::Buffer:
        Error(expr.at, "stage", "`" + name + "` is a buffer, not a scalar",
              "buffers are used only by copies and compute primitives");
        return ValueKind::Int;
      case SymbolKind::DtypeVariable:
        Error(expr.at, "dtype", "`" + name + "` is a dtype variable, not a value",
              "write `sizeof(" + name + ")` for its size");
        return ValueKind::Int;
    }
    return ValueKind::Int;
  }

  // The list attribute `name`, or null.
  const AttrModel* ListAttr(const std::string& name) const {
    const Symbol* symbol = Find(name);
    if (!symbol || symbol->kind != SymbolKind::Attr || !model_.attrs[symbol->index].list) return nullptr;
    return &model_.attrs[symbol->index];
  }

  // `v = x[i]` in the kernel: one element of a global tensor as a scalar; `a[i]` in the host: one
  // element of a list attribute.
  ValueKind CheckElementRead(const Expr& expr, Where where) {
    if (const AttrModel* attr = ListAttr(expr.name)) {
      if (where != Where::Host) {
        Error(expr.at, "stage", "an element of the list attribute `" + expr.name + "` read in the kernel",
              "bind it in the host (`v = " + expr.name + "[i]`) and use `v` in the kernel");
        return attr->kind;
      }
      CheckScalar(expr.operands[0], Where::Host);
      return attr->kind;
    }
    if (where != Where::Kernel) {
      Error(expr.at, "stage", "an element of `" + expr.name + "` read in " + (where == Where::Host ? "the host" : StageName(where)),
            where == Where::Host ? "read shapes in the host and elements in the kernel, outside stage blocks"
                                 : "bind `v = " + expr.name + "[i]` in the kernel, outside stage blocks");
      return ValueKind::Int;
    }
    CheckScalar(expr.operands[0], Where::Kernel);
    const Symbol* symbol = Find(expr.name);
    if (!symbol || !IsGlobalTensor(symbol->kind)) {
      UnknownName(expr.at, expr.name, "tensor", InputNames());
      return ValueKind::Int;
    }
    const TensorModel& tensor = *model_.FindTensor(expr.name);
    if (tensor.list) {
      Error(expr.at, "syntax", "`" + expr.name + "` is a tensor list", "read elements of single tensors only");
      return ValueKind::Int;
    }
    return ElementKind(tensor.dtype);
  }

  ValueKind CheckCall(const Expr& call, Where where) {
    const std::string& f = call.name;
    if (!call.keywords.empty())
      Error(call.keywords[0].at, "syntax", "`" + f + "` takes no keyword arguments", "pass its arguments by position");
    if (FindPrimitive(f) && !IsArithmeticFunction(f)) {
      Error(call.at, "stage", "`" + f + "` is a compute primitive, used outside `compute:`",
            "arithmetic on buffers belongs in a compute: block: `DEST = " + f + "(...)`");
      return ValueKind::Float;
    }
    if (f == "block_span") {
      Error(call.at, "syntax", "`block_span` returns two values", "write `start, count = block_span(total, unit)`");
      return ValueKind::Int;
    }
    if (f == "sizeof") {
      if (call.operands.size() != 1 || call.operands[0].kind != ExprKind::Name) {
        Error(call.at, "syntax", "`sizeof` takes one dtype", "write `sizeof(T)` or `sizeof(f32)`");
      } else if (!ParseDtype(call.operands[0].name)) {
        const Symbol* symbol = Find(call.operands[0].name);
        if (!symbol || symbol->kind != SymbolKind::DtypeVariable)
          UnknownName(call.operands[0].at, call.operands[0].name, "dtype", DtypeNames());
        else if (where == Where::Host && derivedVariables_.count(call.operands[0].name))
          Error(call.at, "dtype", "`sizeof(" + call.operands[0].name + ")` in the host, where no input tells its dtype",
                "size by the largest dtype it takes (`sizeof(f32)`) or by an input's variable");
      }
      return ValueKind::Int;
    }
    if (IsHostFunction(f)) return CheckShapeCall(call, where);
    if (!IsArithmeticFunction(f)) {
      std::vector<std::string> candidates = FunctionNames(where);
      UnknownName(call.at, f, "function", candidates);
      for (const Expr& operand : call.operands) CheckScalar(operand, where);
      return ValueKind::Int;
    }
    if ((f == "ceil" || f == "floor") && where != Where::Host)
      Error(call.at, "stage", "`" + f + "` in the kernel", "round in the host and pass the integer: `n = " + f + "(...)`");
    size_t expected = f == "abs" || f == "ceil" || f == "floor" ? 1 : 2;
    bool variadic = f == "min" || f == "max";
    if (variadic ? call.operands.size() < 2 : call.operands.size() != expected)
      Error(call.at, "syntax", "`" + f + "` takes " + (variadic ? "two or more" : std::to_string(expected)) + " arguments",
            "see the host expression table in docs/dsl.md");
    // min, max and abs keep their arguments' kind; cdiv, the aligns, ceil and floor are integer.
    std::optional<ValueKind> kind;
    for (const Expr& operand : call.operands) {
      ValueKind operandKind = CheckScalar(operand, where);
      kind = kind ? Join(*kind, operandKind) : operandKind;
    }
    return variadic || f == "abs" ? kind.value_or(ValueKind::Int) : ValueKind::Int;
  }

  // numel(x), dim(x, i), rank(x), rows(x), len(xs), numel(xs, i): host only, except numel(xs, i),
  // which the kernel reads too (the host has no loop over a list's tensors).
  ValueKind CheckShapeCall(const Expr& call, Where where) {
    const std::string& f = call.name;
    if ((f == "len" || f == "prod") && call.operands.size() == 1 && call.operands[0].kind == ExprKind::Name) {
      if (const AttrModel* attr = ListAttr(call.operands[0].name)) {
        if (where != Where::Host)
          Error(call.at, "stage", "`" + f + "` of a list attribute in the kernel",
                "bind it in the host: `n = " + f + "(" + attr->name + ")`, and use `n` in the kernel");
        return f == "len" ? ValueKind::Int : attr->kind;
      }
    }
    if (f == "prod") {
      Error(call.at, "syntax", "`prod` takes a list attribute", "write `prod(shape)` for an attribute `shape: list int`");
      return ValueKind::Int;
    }
    const Symbol* listSymbol = call.operands.empty() || call.operands[0].kind != ExprKind::Name ? nullptr : Find(call.operands[0].name);
    bool listTensor = listSymbol && (listSymbol->kind == SymbolKind::Input || listSymbol->kind == SymbolKind::Output) &&
                      model_.FindTensor(call.operands[0].name)->list;
    if (where == Where::Kernel && f == "numel" && call.operands.size() == 2 && listTensor) {
      for (std::vector<TensorModel>* tensors : {&model_.inputs, &model_.outputs})
        for (TensorModel& tensor : *tensors)
          if (tensor.name == call.operands[0].name) tensor.countedInKernel = true;
      CheckScalar(call.operands[1], where);
      return ValueKind::Int;
    }
    if (where != Where::Host) {
      Error(call.at, "stage", "`" + f + "` reads a shape in the kernel",
            "read shapes in the host: bind `n = " + f + "(...)` there and use `n` in the kernel");
      return ValueKind::Int;
    }
    bool takesIndex = f == "dim" || (f == "numel" && call.operands.size() == 2);
    size_t expected = takesIndex ? 2 : 1;
    if (call.operands.size() != expected || call.operands[0].kind != ExprKind::Name) {
      Error(call.at, "syntax", "`" + f + "` takes a tensor" + (takesIndex ? " and an index" : ""),
            "for example `numel(x)`, `dim(x, -1)`, `len(xs)`, `numel(xs, i)`");
      return ValueKind::Int;
    }
    const Expr& tensor = call.operands[0];
    const Symbol* symbol = Find(tensor.name);
    if (!symbol || (symbol->kind != SymbolKind::Input && symbol->kind != SymbolKind::Output)) {
      std::vector<std::string> tensors = InputNames();
      for (const TensorModel& output : model_.outputs) tensors.push_back(output.name);
      UnknownName(tensor.at, tensor.name, "tensor", tensors);
    }
    if (takesIndex) CheckScalar(call.operands[1], where);
    return ValueKind::Int;
  }

  // ---- host ----

  void CheckHost() {
    int launches = 0;
    for (const Statement& statement : program_.host) {
      if (const Binding* binding = std::get_if<Binding>(&statement.node)) {
        CheckHostBinding(*binding, statement.at);
      } else if (const Require* require = std::get_if<Require>(&statement.node)) {
        CheckScalar(require->condition, Where::Host);
        NarrowByRequire(require->condition);
      } else if (const Launch* launch = std::get_if<Launch>(&statement.node)) {
        ++launches;
        if (launches > 1) Error(statement.at, "syntax", "a second `launch`", "the host launches the kernel once");
        CheckScalar(launch->cores, Where::Host);
      } else if (const ZeroOutput* zero = std::get_if<ZeroOutput>(&statement.node)) {
        const Symbol* symbol = Find(zero->output);
        std::vector<std::string> outputs;
        for (const std::vector<TensorModel>* tensors : {&model_.outputs, &model_.workspaces})
          for (const TensorModel& tensor : *tensors) outputs.push_back(tensor.name);
        if (!symbol || (symbol->kind != SymbolKind::Output && symbol->kind != SymbolKind::Workspace))
          UnknownName(statement.at, zero->output, "output", outputs);
        else
          model_.zeroedOutputs.push_back(zero->output);
      } else if (std::holds_alternative<Copy>(statement.node)) {
        Error(statement.at, "stage", "data movement in the host section",
              "copies belong in a kernel copyin: (global → buffer) or copyout: (buffer → global) block");
      }
    }
    if (launches == 0)
      Error(program_.hostAt, "syntax", "the host section never launches the kernel",
            "end the host section with `launch(cores)`");
  }

  void CheckHostBinding(const Binding& binding, SourcePosition at) {
    if (binding.names.size() != 1) {
      Error(at, "syntax", "no host function returns two values",
            "bind one name per line in the host; `start, count = block_span(...)` belongs in the kernel");
      return;
    }
    const std::string& name = binding.names[0];
    if (binding.value.kind == ExprKind::Call && binding.value.name == "workspace") {
      DeclareWorkspace(name, binding.value, at);
      return;
    }
    ValueKind kind = CheckScalar(binding.value, Where::Host);
    if (kind == ValueKind::String) {
      Error(at, "dtype", "a host binding of a string", "bind the comparison instead: `mean = reduction == \"mean\"`");
      return;
    }
    HostValue value;
    value.name = name;
    value.at = at;
    value.kind = kind;
    value.rationale = binding.rationale;
    Interval range = kind == ValueKind::Int ? RangeAcrossCombinations(binding.value) : Interval{};
    value.constant = range.Constant();
    value.upperBound = range.high;
    if (Declare(name, at, Symbol{SymbolKind::HostValue, {}, kind, range, model_.hostValues.size()})) {
      model_.hostValues.push_back(std::move(value));
      hostDefinitions_[name] = &binding.value;
    }
  }

  // `acc = workspace(f32, LEN)`: LEN elements of global scratch.
  void DeclareWorkspace(const std::string& name, const Expr& call, SourcePosition at) {
    if (call.operands.size() != 2 || !call.keywords.empty() || call.operands[0].kind != ExprKind::Name) {
      Error(call.at, "syntax", "`workspace` takes a dtype and a length", "write `acc = workspace(f32, cores * 8)`");
      return;
    }
    if (CheckScalar(call.operands[1], Where::Host) != ValueKind::Int)
      Error(call.operands[1].at, "dtype", "a workspace's length is an integer", "give it an element count");
    TensorModel tensor;
    tensor.name = name;
    tensor.at = at;
    tensor.index = static_cast<int>(model_.workspaces.size());
    tensor.dtype = Resolve(TypeName{call.operands[0].at, call.operands[0].name});
    if (derivedVariables_.count(call.operands[0].name))
      Error(call.operands[0].at, "dtype", "a workspace of `" + call.operands[0].name + "`, which no input has",
            "the host sizes workspaces: give it a concrete dtype or an input's variable");
    tensor.workspace = true;
    tensor.length = &call.operands[1];
    if (Declare(name, at, Symbol{SymbolKind::Workspace, {}, ValueKind::Int, {}, model_.workspaces.size()}))
      model_.workspaces.push_back(std::move(tensor));
  }

  // After `require(n <= 64, ...)` the host knows n ≤ 64: a tiling that got past the require holds
  // it. Conjunctions narrow each side; each comparison of a host value or attribute with a bounded
  // expression narrows that name.
  void NarrowByRequire(const Expr& condition) {
    if (condition.kind != ExprKind::Binary) return;
    const std::string& op = condition.name;
    if (op == "and") {
      NarrowByRequire(condition.operands[0]);
      NarrowByRequire(condition.operands[1]);
      return;
    }
    // As `name OP bound`, with the operands swapped for `bound OP name`.
    static const std::map<std::string, std::string> kSwapped = {{"<", ">"}, {"<=", ">="}, {">", "<"}, {">=", "<="}, {"==", "=="}};
    auto swapped = kSwapped.find(op);
    if (swapped == kSwapped.end()) return;
    for (int side = 0; side < 2; ++side) {
      const Expr& name = condition.operands[side];
      const std::string& relation = side == 0 ? op : swapped->second;
      auto found = symbols_.find(name.kind == ExprKind::Name ? name.name : "");
      if (found == symbols_.end() || (found->second.kind != SymbolKind::HostValue && found->second.kind != SymbolKind::Attr) ||
          found->second.value != ValueKind::Int)
        continue;
      Interval bound = RangeAcrossCombinations(condition.operands[1 - side]);
      Interval& range = found->second.range;
      if ((relation == "<" || relation == "<=" || relation == "==") && bound.high) {
        range = range.Within({std::nullopt, *bound.high - (relation == "<" ? 1 : 0)});
      }
      if ((relation == ">" || relation == ">=" || relation == "==") && bound.low) {
        range = range.Within(Interval::AtLeast(*bound.low + (relation == ">" ? 1 : 0)));
      }
      if (found->second.kind == SymbolKind::HostValue) model_.hostValues[found->second.index].upperBound = range.high;
    }
  }

  // A host value can depend on sizeof(T): its range covers every combination.
  Interval RangeAcrossCombinations(const Expr& expr) {
    Interval hull;
    for (size_t k = 0; k < Combinations(); ++k) {
      sizeCombination_ = k;
      Interval range = Range(expr);
      if (k == 0) {
        hull = range;
        continue;
      }
      hull.low = hull.low && range.low ? std::optional<int64_t>(std::min(*hull.low, *range.low)) : std::nullopt;
      hull.high = hull.high && range.high ? std::optional<int64_t>(std::max(*hull.high, *range.high)) : std::nullopt;
    }
    sizeCombination_ = kNoCombination;
    return hull;
  }

  // ---- kernel ----

  void CheckKernel() {
    // The parser keeps every buffer declaration before the kernel's statements.
    for (const Statement& statement : program_.kernel)
      if (const BufferDecl* buffer = std::get_if<BufferDecl>(&statement.node)) DeclareBuffer(*buffer, statement);
    CheckKernelKind();
    for (const Statement& statement : program_.kernel)
      if (!std::holds_alternative<BufferDecl>(statement.node)) CheckKernelStatement(statement, Where::Kernel);
  }

  // A kernel runs on the vector cores (ub buffers) or on the cube cores (l1 and l0c buffers).
  void CheckKernelKind() {
    const auto cube = std::find_if(model_.buffers.begin(), model_.buffers.end(),
                                   [](const BufferModel& b) { return b.memory != Memory::UnifiedBuffer; });
    const auto vector = std::find_if(model_.buffers.begin(), model_.buffers.end(),
                                     [](const BufferModel& b) { return b.memory == Memory::UnifiedBuffer; });
    model_.cube = cube != model_.buffers.end();
    model_.mixed = model_.cube && vector != model_.buffers.end();
  }

  // Each stage block runs on the kind of core whose buffers it touches. In a mixed kernel a block
  // touches one kind only, and `sync_all()`, which waits for every core of both kinds, stands in a
  // copyout: block of its own.
  void PlaceStages() {
    for (StageModel& stage : model_.stages) {
      const BufferModel* cube = nullptr;
      const BufferModel* vector = nullptr;
      for (const BufferModel& buffer : model_.buffers) {
        const bool touches = std::count(buffer.writtenBy.begin(), buffer.writtenBy.end(), stage.index) +
                                 std::count(buffer.readBy.begin(), buffer.readBy.end(), stage.index) > 0;
        if (!touches) continue;
        (buffer.memory == Memory::UnifiedBuffer ? vector : cube) = &buffer;
      }
      stage.onCube = cube != nullptr || (!model_.mixed && model_.cube);
      stage.onVector = vector != nullptr || (!model_.mixed && !model_.cube);
      const Block& body = std::get<StageBlock>(stage.statement->node).body;
      const bool syncs = std::any_of(body.begin(), body.end(), [](const Statement& statement) {
        return std::holds_alternative<SyncAllBlocks>(statement.node);
      });
      if (!model_.mixed) continue;
      if (cube && vector) {
        Error(stage.statement->at, "stage",
              std::string("this ") + StageName(WhereOf(stage.kind)) + " block touches `" + cube->name +
                  "` of the cube and `" + vector->name + "` of the vector cores",
              "a stage block runs on one kind of core: split it into one block for the l1/l0c buffers and one for the ub buffers");
      } else if (syncs && body.size() > 1) {
        Error(stage.statement->at, "stage", "`sync_all()` shares its copyout: block with copies in a mixed kernel",
              "write `sync_all()` in a copyout: block of its own: it waits for the cube and the vector cores alike");
      } else if (syncs) {
        stage.onCube = stage.onVector = true;
      }
    }
  }

  // l1: matmul operands (2-D, f16, bf16 or i8) and bias rows (1-D, f16 or f32); l0c: 2-D f32 or i32
  // accumulators (i32 for i8 operands).
  void CheckCubeBufferDecl(const BufferDecl& decl, const BufferModel& buffer) {
    if (decl.memory == Memory::UnifiedBuffer) return;
    const bool accumulator = decl.memory == Memory::L0C;
    const char* call = accumulator ? "l0c" : "l1";
    if (accumulator && decl.extents.size() != 2)
      Error(decl.extents[0].at, "syntax", "an l0c accumulator has rows and columns",
            "write `" + decl.name + " = l0c(f32, ROWS, COLS)`");
    for (size_t k = 0; k < Combinations(); ++k) {
      const Dtype dtype = buffer.dtype.perCombination[k];
      const bool fits = accumulator ? dtype == Dtype::F32 || dtype == Dtype::I32
                        : decl.extents.size() == 2 ? dtype == Dtype::F16 || dtype == Dtype::BF16 || dtype == Dtype::I8
                                                   : dtype == Dtype::F16 || dtype == Dtype::F32;
      if (fits) continue;
      Error(decl.dtype.at, "dtype",
            std::string("`") + call + "(...)` " +
                (accumulator ? "accumulates f32 (or i32 for i8 operands)"
                 : decl.extents.size() == 2 ? "operands of matmul are f16, bf16 or i8"
                                            : "bias rows are f16 or f32") +
                ", not " + DtypeText(buffer.dtype, k),
            accumulator ? "write `" + decl.name + " = l0c(f32, ROWS, COLS)`; the copy out converts to the output's dtype"
                        : "cast on the vector unit first, or declare the matching dtype");
      break;
    }
  }

  void DeclareBuffer(const BufferDecl& decl, const Statement& statement) {
    size_t errorsBefore = ErrorCount();
    BufferModel buffer;
    buffer.name = decl.name;
    buffer.statement = &statement;
    buffer.at = statement.at;
    buffer.memory = decl.memory;
    buffer.dtype = Resolve(decl.dtype);
    if (std::count(buffer.dtype.perCombination.begin(), buffer.dtype.perCombination.end(), Dtype::C64))
      Error(decl.dtype.at, "dtype",
            "`" + decl.name + "` cannot hold c64: a complex64 tensor moves as its interleaved (real, imaginary) f32 pairs",
            "declare `" + decl.name + " = ub(f32, ...)` with two elements per complex number, and copy `2 * n` of them");
    CheckCubeBufferDecl(decl, buffer);
    for (const Expr& extent : decl.extents) {
      CheckScalar(extent, Where::Kernel);
      buffer.extents.push_back(&extent);
    }
    if (decl.pairs) CheckPairsBuffer(decl, buffer);
    if (decl.buffers) {
      std::optional<int64_t> depth = Range(*decl.buffers).Constant();
      if (!depth || *depth < 1 || *depth > kMaxBufferDepth)
        Error(decl.buffers->at, "syntax", "`buffers=` takes a constant from 1 to " + std::to_string(kMaxBufferDepth),
              "write `buffers=2` to double-buffer");
      else
        buffer.depth = static_cast<int>(*depth);
    }
    if (ErrorCount() > errorsBefore) brokenBuffers_.insert(decl.name);
    if (Declare(decl.name, statement.at, Symbol{SymbolKind::Buffer, {}, ValueKind::Int, {}, model_.buffers.size()}))
      model_.buffers.push_back(std::move(buffer));
  }

  // `ub(pairs(T), ...)`: T is f16 or f32 in every combination, and a row holds at most 4064 pairs (4095 with its padding).
  void CheckPairsBuffer(const BufferDecl& decl, BufferModel& buffer) {
    buffer.pairs = true;
    if (decl.memory != Memory::UnifiedBuffer) {
      Error(decl.dtype.at, "stage", "pairs are sorted on the vector unit, in the Unified Buffer",
            "declare `" + decl.name + " = ub(pairs(" + decl.dtype.name + "), ...)`");
      return;
    }
    for (size_t k = 0; k < Combinations(); ++k) {
      if (IsArithmeticDtype(buffer.dtype.perCombination[k])) continue;
      Error(decl.dtype.at, "dtype", "`pairs(" + decl.dtype.name + ")` holds " + DtypeText(buffer.dtype, k) +
                                        " values, and the sort instructions order f16 or f32 only",
            "sort f16 or f32 rows: cast the values first (`xf = cast(x, f32)`) and declare `pairs(f32)`");
      return;
    }
    const Expr& columns = *buffer.extents.back();
    for (size_t k = 0; k < Combinations(); ++k) {
      sizeCombination_ = k;
      Interval range = Range(columns);
      sizeCombination_ = kNoCombination;
      if (range.high && *range.high <= kMaxPairColumns) continue;
      Error(columns.at, "dtype",
            "a row of `" + decl.name + "` holds `" + ExprText(columns) + "` pairs, " +
                (range.high ? "up to " + std::to_string(*range.high) : std::string("with no upper bound")) +
                ", and a merge takes at most " + std::to_string(kMaxPairColumns) + " pairs of a row",
            "keep the k best pairs: bound the columns in the host, e.g. `require(k <= 1024, \"...\")`");
      return;
    }
  }

  void CheckBlock(const Block& block, Where where) {
    for (const Statement& statement : block) CheckKernelStatement(statement, where);
  }

  // What a kernel scalar may hold at a point: the bindings that reach it. A binding replaces the
  // ones before it; the branches of an if chain are exclusive, so each starts from the bindings
  // before the chain, and after it any branch's may hold (or the ones before, without an `else`).
  using Definitions = std::map<std::string, std::vector<const Expr*>>;

  static void Merge(Definitions& into, const Definitions& from) {
    for (const auto& [name, definitions] : from) {
      std::vector<const Expr*>& merged = into[name];
      for (const Expr* definition : definitions)
        if (std::find(merged.begin(), merged.end(), definition) == merged.end()) merged.push_back(definition);
    }
  }

  void CheckIfChain(const IfChain& chain, Where where) {
    const Definitions before = scalarDefinitions_;
    Definitions after;
    for (const Branch& branch : chain.branches) {
      scalarDefinitions_ = before;
      CheckScalar(branch.condition, Where::Kernel);
      CheckBlock(branch.body, where);
      Merge(after, scalarDefinitions_);
    }
    scalarDefinitions_ = before;
    CheckBlock(chain.orElse, where);
    Merge(after, scalarDefinitions_);
    scalarDefinitions_ = std::move(after);
  }

  // The bindings anywhere in a loop's body: they reach its start on the next iteration.
  static void BodyBindings(const Block& block, Definitions& found) {
    for (const Statement& statement : block) {
      if (const auto* binding = std::get_if<Binding>(&statement.node)) {
        if (binding->names.size() == 1) Merge(found, Definitions{{binding->names[0], {&binding->value}}});
      } else if (const auto* loop = std::get_if<ForLoop>(&statement.node)) {
        BodyBindings(loop->body, found);
      } else if (const auto* chain = std::get_if<IfChain>(&statement.node)) {
        for (const Branch& branch : chain->branches) BodyBindings(branch.body, found);
        BodyBindings(chain->orElse, found);
      }
    }
  }

  void CheckKernelStatement(const Statement& statement, Where where) {
    std::visit(
        [&](const auto& node) {
          using Node = std::decay_t<decltype(node)>;
          if constexpr (std::is_same_v<Node, Binding>) CheckKernelBinding(node, statement);
          if constexpr (std::is_same_v<Node, ForLoop>) CheckFor(node, statement.at);
          if constexpr (std::is_same_v<Node, IfChain>) CheckIfChain(node, where);
          if constexpr (std::is_same_v<Node, StageBlock>) CheckStage(node, statement);
          if constexpr (std::is_same_v<Node, Copy>) CheckCopy(node, statement, where);
          if constexpr (std::is_same_v<Node, ComputeAssign>) {
            if (where == Where::Compute)
              CheckCompute(node, statement);
            else
              Error(statement.at, "stage", std::string("arithmetic in ") + StageName(where),
                    "move `" + node.destination + " = ...` into a compute: block");
          }
          if constexpr (std::is_same_v<Node, SyncAllBlocks>) {
            model_.usesSyncAll = true;
            if (where != Where::CopyOut)
              Error(statement.at, "stage", std::string("`sync_all()` in ") + StageName(where),
                    "call sync_all() in a copyout: block, after the copies the other blocks wait for");
          }
          if constexpr (std::is_same_v<Node, BufferDecl>) DeclareBuffer(node, statement);
        },
        statement.node);
  }

  void CheckKernelBinding(const Binding& binding, const Statement& statement) {
    if (binding.names.size() == 2) {
      const Expr& value = binding.value;
      if (value.kind != ExprKind::Call || value.name != "block_span" || value.operands.size() != 2) {
        Error(statement.at, "syntax", "only `block_span(total, unit)` returns two values",
              "write `start, count = block_span(n, unit)`");
        return;
      }
      for (const Expr& operand : value.operands) CheckScalar(operand, Where::Kernel);
      model_.blockSpans.push_back(
          BlockSpanUse{&statement, binding.names[0], binding.names[1], &value.operands[0], &value.operands[1]});
      DeclareScalar(binding.names[0], statement.at, ValueKind::Int, Interval::AtLeast(0));
      DeclareScalar(binding.names[1], statement.at, ValueKind::Int, {0, Range(value.operands[0]).high});
      return;
    }
    if (binding.names.size() != 1) {
      Error(statement.at, "syntax", "only `block_span(total, unit)` returns two values",
            "bind one name per line");
      return;
    }
    ValueKind kind = CheckScalar(binding.value, Where::Kernel);
    DeclareScalar(binding.names[0], statement.at, kind, Range(binding.value));
    scalarDefinitions_[binding.names[0]] = {&binding.value};
  }

  // A kernel scalar may be bound again (in a loop or a branch): its range covers every binding.
  void DeclareScalar(const std::string& name, SourcePosition at, ValueKind kind, Interval range) {
    auto found = symbols_.find(name);
    if (found != symbols_.end() && found->second.kind == SymbolKind::KernelScalar) {
      Symbol& symbol = found->second;
      symbol.value = Join(symbol.value, kind);
      symbol.range.low = symbol.range.low && range.low ? std::optional(std::min(*symbol.range.low, *range.low))
                                                       : std::nullopt;
      symbol.range.high = symbol.range.high && range.high ? std::optional(std::max(*symbol.range.high, *range.high))
                                                          : std::nullopt;
      KernelScalar& scalar = model_.kernelScalars[symbol.index];
      scalar.kind = symbol.value;
      scalar.upperBound = symbol.range.high;
      return;
    }
    if (Declare(name, at, Symbol{SymbolKind::KernelScalar, {}, kind, range, model_.kernelScalars.size()}))
      model_.kernelScalars.push_back(KernelScalar{name, at, kind, range.high});
  }

  void CheckFor(const ForLoop& loop, SourcePosition at) {
    CheckScalar(loop.start, Where::Kernel);
    CheckScalar(loop.stop, Where::Kernel);
    if (loop.step) CheckScalar(*loop.step, Where::Kernel);
    DeclareScalar(loop.variable, at, ValueKind::Int, {Range(loop.start).low, Range(loop.stop).high});
    const Definitions before = scalarDefinitions_;
    Definitions carried;
    BodyBindings(loop.body, carried);
    // A scalar bound before the loop and again in its body holds either value from the body's start:
    // its range covers both (a name the body binds later evaluates as unbounded here).
    for (const auto& [name, definitions] : carried) {
      const Symbol* symbol = Find(name);
      if (!symbol || symbol->kind != SymbolKind::KernelScalar) continue;
      for (const Expr* definition : definitions) DeclareScalar(name, at, symbol->value, Range(*definition));
    }
    Merge(scalarDefinitions_, carried);
    CheckBlock(loop.body, Where::Kernel);
    Merge(scalarDefinitions_, before);  // the body may run no time
  }

  void CheckStage(const StageBlock& block, const Statement& statement) {
    StageModel stage;
    stage.statement = &statement;
    stage.kind = block.kind;
    stage.index = static_cast<int>(model_.stages.size());
    stage.number = 1 + static_cast<int>(std::count_if(model_.stages.begin(), model_.stages.end(),
                                                      [&](const StageModel& other) { return other.kind == block.kind; }));
    model_.stages.push_back(stage);
    currentStage_ = stage.index;
    CheckBlock(block.body, WhereOf(block.kind));
  }

  // ---- copies ----

  // The buffer an access names, or null (with an error).
  BufferModel* AccessedBuffer(const Access& access, Where where) {
    const Symbol* symbol = Find(access.name);
    if (!symbol) {
      UnknownName(access.at, access.name, "buffer", BufferNames());
      return nullptr;
    }
    if (symbol->kind != SymbolKind::Buffer) {
      Error(access.at, "stage", std::string("`") + access.name + "` is not a buffer, but " + StageName(where) +
                                    (where == Where::CopyIn ? " copies into a buffer" : " copies out of a buffer"),
            where == Where::CopyIn ? "write `BUF[0:len] = x[off:off + len]`" : "write `y[off:off + len] = BUF[0:len]`");
      return nullptr;
    }
    return &model_.buffers[symbol->index];
  }

  const TensorModel* AccessedTensor(const Access& access, Where where) {
    const Symbol* symbol = Find(access.name);
    if (symbol && symbol->kind == SymbolKind::Workspace) return &model_.workspaces[symbol->index];
    SymbolKind wanted = where == Where::CopyIn ? SymbolKind::Input : SymbolKind::Output;
    if (!symbol) {
      std::vector<std::string> tensors;
      for (const TensorModel& tensor : wanted == SymbolKind::Input ? model_.inputs : model_.outputs)
        tensors.push_back(tensor.name);
      UnknownName(access.at, access.name, wanted == SymbolKind::Input ? "input" : "output", tensors);
      return nullptr;
    }
    if (symbol->kind == SymbolKind::Input && wanted == SymbolKind::Output && model_.inputs[symbol->index].inout)
      return &model_.inputs[symbol->index];
    if (symbol->kind != wanted) {
      Error(access.at, "stage",
            std::string(StageName(where)) + (wanted == SymbolKind::Input ? " copies from an input" : " copies into an output") +
                ", and `" + access.name + "` is not one",
            where == Where::CopyIn ? "copyin: moves global inputs into buffers"
                                   : symbol->kind == SymbolKind::Input
                                         ? "copyout: moves buffers into outputs; to write `" + access.name +
                                               "` in place, declare it `input " + access.name + ": TYPE inout`"
                                         : "copyout: moves buffers into global outputs");
      return nullptr;
    }
    return wanted == SymbolKind::Input ? &model_.inputs[symbol->index] : &model_.outputs[symbol->index];
  }

  std::vector<std::string> BufferNames() const {
    std::vector<std::string> names;
    for (const BufferModel& buffer : model_.buffers) names.push_back(buffer.name);
    return names;
  }

  void CheckCopy(const Copy& copy, const Statement& statement, Where where) {
    if (where != Where::CopyIn && where != Where::CopyOut) {
      Error(statement.at, "stage", std::string("data movement in ") + StageName(where),
            "move the copy into a copyin: (global → buffer) or copyout: (buffer → global) block");
      return;
    }
    bool toGlobal = where == Where::CopyOut;
    if (copy.atomicAdd && !toGlobal) {
      Error(statement.at, "stage", "`atomic_add` in copyin:", "atomic_add adds a buffer into an output in copyout:");
      return;
    }
    model_.usesAtomicAdd = model_.usesAtomicAdd || copy.atomicAdd;
    const Access& local = toGlobal ? copy.source : copy.destination;
    const Access& global = toGlobal ? copy.destination : copy.source;
    BufferModel* buffer = AccessedBuffer(local, where);
    const TensorModel* tensor = AccessedTensor(global, where);
    for (const Access* access : {&local, &global}) {
      if (access->listIndex) CheckScalar(*access->listIndex, Where::Kernel);
      if (access->rowLength) CheckScalar(*access->rowLength, Where::Kernel);
      for (const SliceRange& range : access->ranges) {
        if (range.start) CheckScalar(*range.start, Where::Kernel);
        if (range.stop) CheckScalar(*range.stop, Where::Kernel);
      }
    }
    if (!buffer || !tensor || brokenBuffers_.count(buffer->name)) return;
    if (buffer->memory == Memory::L0C && !toGlobal) {
      Error(local.at, "stage", "the l0c accumulator `" + buffer->name + "` is filled by matmul, not copied into",
            "copy the operands into l1 buffers and write `" + buffer->name + " = matmul(a, b)` in compute:");
      return;
    }
    if (buffer->memory == Memory::L0C && !multiplied_.count(buffer->name)) {
      Error(local.at, "stage", "the accumulator `" + buffer->name + "` is copied out before any matmul fills it",
            "write `" + buffer->name + " = matmul(a, b)` in a compute: block before this copyout:");
      return;
    }
    if (buffer->memory == Memory::L1 && toGlobal) {
      Error(local.at, "stage", "the l1 buffer `" + buffer->name + "` is copied out, but l1 buffers only feed matmul",
            "copy the l0c accumulator out: `y.view(-1, n)[r0:r0 + r, c0:c0 + c] = acc[0:r, 0:c]`");
      return;
    }
    if (buffer->memory != Memory::UnifiedBuffer && copy.atomicAdd) {
      Error(statement.at, "stage", "`atomic_add` from the cube's `" + buffer->name + "`",
            "atomic_add adds ub buffers; copy the accumulator out with a plain copy");
      return;
    }
    if (local.listIndex)
      Error(local.at, "syntax", "`" + local.name + "` is a buffer, not a tensor list", "index only list inputs: `xs[i][a:b]`");
    if (tensor->list != global.listIndex.has_value())
      Error(global.at, "syntax",
            tensor->list ? "`" + global.name + "` is a tensor list: say which tensor" : "`" + global.name + "` is not a list",
            tensor->list ? "write `" + global.name + "[i][off:off + len]`" : "drop the `[i]`");
    if (!CheckCopyDtypes(*buffer, *tensor, global.at)) return;
    if (buffer->pairs) {
      Error(local.at, "stage", "`" + buffer->name + "` holds sorted (value, index) pairs, which stay on chip",
            "separate them first: `v = pair_values(" + buffer->name + ")`, `i = pair_indices(" + buffer->name +
                ")`, and copy those");
      return;
    }
    std::optional<CopyModel> model = CopyShape(local, global, *buffer);
    if (!model) return;
    model->statement = &statement;
    model->stage = currentStage_;
    model->buffer = buffer->name;
    model->global = tensor->name;
    model->toGlobal = toGlobal;
    model->atomicAdd = copy.atomicAdd;
    Use(*buffer, toGlobal ? Direction::Read : Direction::Write);
    if (!toGlobal) {
      lastCount_[buffer->name] = {ElementCount{buffer->name, model->length, model->rows}, ++sequence_};
      lastCopyIn_[buffer->name] = model_.copies.size();
    }
    model_.copies.push_back(std::move(*model));
  }

  // A copy moves bytes: both sides hold one dtype, except out of an f32 l0c accumulator, which
  // Fixpipe rounds to an f16 or bf16 output (or keeps f32); an i32 accumulator goes out as it is.
  bool CheckCopyDtypes(const BufferModel& buffer, const TensorModel& tensor, SourcePosition at) {
    for (size_t k = 0; k < Combinations(); ++k) {
      const Dtype global = tensor.dtype.perCombination[k];
      const Dtype local = buffer.dtype.perCombination[k];
      const bool floatAccumulator = buffer.memory == Memory::L0C && local == Dtype::F32;
      if (floatAccumulator ? global == Dtype::F32 || global == Dtype::F16 || global == Dtype::BF16
                           : global == local || (global == Dtype::C64 && local == Dtype::F32))
        continue;
      std::string why = ": a copy does not convert";
      std::string hint = "declare `" + buffer.name + "` with `" + tensor.name + "`'s dtype and `cast` in compute:";
      if (global == Dtype::C64) {
        why = ": a complex64 tensor moves as its interleaved (real, imaginary) f32 pairs";
        hint = "declare `" + buffer.name + "` f32, two elements per complex number";
      } else if (floatAccumulator) {
        why = ": an f32 accumulator goes out to f16, bf16 or f32";
        hint = "compute into an f16, bf16 or f32 output";
      } else if (buffer.memory == Memory::L0C) {
        why = ": an i32 accumulator goes out as i32";
        hint = "copy it into an i32 output or workspace and convert it on the vector unit";
      }
      Error(at, "dtype",
            "`" + tensor.name + "` holds " + DtypeText(tensor.dtype, k) + " and `" + buffer.name + "` " +
                DtypeText(buffer.dtype, k) + why,
            hint);
      return false;
    }
    return true;
  }

  // The length, offset and form of a copy, with its slices checked against the buffer.
  std::optional<CopyModel> CopyShape(const Access& local, const Access& global, const BufferModel& buffer) {
    size_t rank = buffer.extents.size();
    std::string form = rank == 2 ? "[r0:r0 + R, :]" : "[off:off + len]";
    if ((!local.ranges.empty() && local.ranges.size() != rank) || global.ranges.size() != rank) {
      if (global.ranges.empty())
        Error(global.at, "unbounded-slice", "copying all of `" + global.name + "` cannot be bounded by `" + buffer.name + "`",
              "copy a slice: `" + global.name + form + "` with a length bounded by the buffer");
      else
        Error(local.at, "syntax",
              "`" + buffer.name + "` has " + std::to_string(rank) + " dimension" + (rank == 2 ? "s" : "") +
                  ": both sides of the copy slice " + std::to_string(rank),
              "write `" + global.name + form + "`");
      return std::nullopt;
    }
    if (local.rowLength) {
      Error(local.at, "syntax", "`.view(-1, L)` on the buffer `" + buffer.name + "`",
            "views read global tensors; a buffer is copied as it is declared");
      return std::nullopt;
    }
    if (rank == 1 && global.rowLength) {
      Error(global.at, "syntax", "`.view(-1, L)` in a 1-D copy", "views give 2-D copies: copy into a 2-D buffer");
      return std::nullopt;
    }
    std::optional<Expr> rowLength;
    std::optional<Expr> columnOffset;
    std::optional<Expr> blockColumns;  // an l1/l0c buffer's `[0:r, 0:c]`
    if (rank == 2) {
      if (local.ranges.size() == 2 && (local.ranges[1].start || local.ranges[1].stop)) {
        const SliceRange& range = local.ranges[1];
        if (buffer.memory == Memory::UnifiedBuffer) {
          Error(range.at, "syntax", "a buffer's rows are copied whole", "slice the buffer's columns with `:`");
          return std::nullopt;
        }
        blockColumns = SliceLength(range);
        if ((range.start && !(range.start->kind == ExprKind::Integer && range.start->integer == 0)) || !blockColumns) {
          Error(range.at, "unbounded-slice", "a block of `" + buffer.name + "` starts at column 0 and has a stop",
                "write `" + buffer.name + "[0:r, 0:c]`");
          return std::nullopt;
        }
        if (!BoundedBy(*blockColumns, *buffer.extents[1], 0)) {
          Error(range.at, "unbounded-slice",
                "cannot bound the columns `" + ExprText(*blockColumns) + "` by `" + buffer.name + "`'s `" +
                    ExprText(*buffer.extents[1]) + "`",
                "bind the width with min: `c = min(" + ExprText(*buffer.extents[1]) + ", n - c0)`");
          return std::nullopt;
        }
      }
      const Expr& width = blockColumns ? *blockColumns : *buffer.extents[1];
      const SliceRange& columns = global.ranges[1];
      const bool sliced = columns.start || columns.stop;
      if (sliced && !global.rowLength) {
        Error(columns.at, "syntax", "slicing the columns of `" + global.name + "` needs its row length",
              "read it as rows: `" + global.name + ".view(-1, d)[r0:r0 + r, a:b]` with `d = dim(" + global.name +
                  ", -1)` bound in the host");
        return std::nullopt;
      }
      if (blockColumns && !global.rowLength) {
        Error(global.at, "syntax", "a block of `" + buffer.name + "` copies columns of `" + global.name + "`'s rows",
              "read it as rows: `" + global.name + ".view(-1, d)[r0:r0 + r, c0:c0 + " + ExprText(width) + "]`");
        return std::nullopt;
      }
      if (global.rowLength) {
        std::optional<Expr> moved = sliced ? SliceLength(columns) : global.rowLength;
        if (!moved) {
          Error(columns.at, "unbounded-slice", "a column slice of `" + global.name + "` that runs to the row's end",
                "give it a stop: `" + global.name + ".view(-1, L)[r0:r1, c0:c0 + " + ExprText(width) + "]`");
          return std::nullopt;
        }
        if (!SameValue(*moved, width)) {
          Error(columns.at, "unbounded-slice",
                "the copy moves `" + ExprText(*moved) + "` columns of each row, but `" + buffer.name + "` " +
                    (blockColumns ? "takes `" : "has `") + ExprText(width) + "`",
                "slice as many columns as the buffer " + std::string(blockColumns ? "takes" : "has") + ": `[r0:r1, c0:c0 + " +
                    ExprText(width) + "]`");
          return std::nullopt;
        }
        rowLength = global.rowLength;
        if (columns.start && !(columns.start->kind == ExprKind::Integer && columns.start->integer == 0))
          columnOffset = columns.start;
      }
    }
    const SliceRange& globalRange = global.ranges[0];
    std::optional<Expr> length = SliceLength(globalRange);
    if (!local.ranges.empty()) {
      const SliceRange& localRange = local.ranges[0];
      if (localRange.start && !(localRange.start->kind == ExprKind::Integer && localRange.start->integer == 0)) {
        Error(localRange.at, "unbounded-slice", "a buffer slice that does not start at 0",
              "copy into `" + buffer.name + "[0:len]`; use a second buffer for a second part");
        return std::nullopt;
      }
      std::optional<Expr> localLength = SliceLength(localRange);
      if (localLength && !length) {
        Error(globalRange.at, "unbounded-slice", "a slice of `" + global.name + "` that runs to its end",
              "give the slice a stop: `" + global.name + "[off:off + " + ExprText(*localLength) + "]`");
        return std::nullopt;
      }
      if (localLength && length && !SameValue(*localLength, *length)) {
        Error(globalRange.at, "unbounded-slice",
              "the two sides of this copy have different lengths: `" + ExprText(*localLength) + "` and `" +
                  ExprText(*length) + "`",
              "slice both with the same length: `" + buffer.name + "[0:len]` and `" + global.name + "[off:off + len]`");
        return std::nullopt;
      }
    }
    if (!length) {
      Error(globalRange.at, "unbounded-slice", "a slice of `" + global.name + "` that runs to its end",
            "give the slice a stop: `" + global.name + "[off:off + len]` with len bounded by the buffer");
      return std::nullopt;
    }
    Interval capacity = Range(*buffer.extents[0]);
    if (!BoundedBy(*length, *buffer.extents[0], 0)) {
      std::string what = rank == 2 ? " rows" : " elements";
      std::string room = capacity.low && *capacity.low > 0 ? std::to_string(*capacity.low) + what
                                                            : "`" + ExprText(*buffer.extents[0]) + "`" + what;
      Error(globalRange.at, "unbounded-slice",
            "cannot bound the length `" + ExprText(*length) + "` of this slice by `" + buffer.name + "`'s " + room,
            "bind the length with min so it cannot exceed the extent: `len = min(" + ExprText(*buffer.extents[0]) +
                ", what is left)`");
      return std::nullopt;
    }
    CopyModel model;
    model.rows = rank == 2;
    model.length = std::move(length);
    model.globalOffset = globalRange.start;
    model.rowLength = std::move(rowLength);
    model.columnOffset = std::move(columnOffset);
    model.columns = std::move(blockColumns);
    return model;
  }

  // Whether `length` never exceeds `extent`: it is the extent, a `min(...)` with a bounded term, a
  // kernel scalar every binding of which is bounded, or numerically at most the extent's least value.
  bool BoundedBy(const Expr& length, const Expr& extent, int depth) const {
    if (SameValue(length, extent)) return true;
    Interval lengthRange = Range(length);
    Interval capacity = Range(extent);
    if (lengthRange.high && capacity.low && *lengthRange.high <= *capacity.low) return true;
    if (depth > kMaxBoundDepth) return false;
    // An extent at least one of its terms holds it: max(a, b) >= a, and a + b >= a for b >= 0.
    if (extent.kind == ExprKind::Call && extent.name == "max" &&
        std::any_of(extent.operands.begin(), extent.operands.end(),
                    [&](const Expr& term) { return BoundedBy(length, term, depth + 1); }))
      return true;
    if (extent.kind == ExprKind::Binary && extent.name == "+")
      for (int side = 0; side < 2; ++side)
        if (Range(extent.operands[1 - side]).NonNegative() && BoundedBy(length, extent.operands[side], depth + 1))
          return true;
    // align_up(a, b) >= a for b >= 1; a host value holds what its definition holds.
    if (extent.kind == ExprKind::Call && extent.name == "align_up" && extent.operands.size() == 2 &&
        Range(extent.operands[1]).low.value_or(0) >= 1 && BoundedBy(length, extent.operands[0], depth + 1))
      return true;
    if (extent.kind == ExprKind::Name) {
      const auto host = hostDefinitions_.find(extent.name);
      if (host != hostDefinitions_.end() && BoundedBy(length, *host->second, depth + 1)) return true;
    }
    if (length.kind == ExprKind::Call && length.name == "min")
      return std::any_of(length.operands.begin(), length.operands.end(),
                         [&](const Expr& term) { return BoundedBy(term, extent, depth + 1); });
    auto definitions = scalarDefinitions_.find(length.name);
    if (length.kind != ExprKind::Name || definitions == scalarDefinitions_.end()) return false;
    return std::all_of(definitions->second.begin(), definitions->second.end(),
                       [&](const Expr* definition) { return BoundedBy(*definition, extent, depth + 1); });
  }

  // ---- compute ----

  enum class Direction { Read, Write };

  void Use(BufferModel& buffer, Direction direction) {
    std::vector<int>& stages = direction == Direction::Read ? buffer.readBy : buffer.writtenBy;
    if (std::find(stages.begin(), stages.end(), currentStage_) == stages.end()) stages.push_back(currentStage_);
  }

  // The buffer an argument names, or null (with an error).
  BufferModel* BufferArgument(const Expr& argument, const std::string& primitive) {
    const Symbol* symbol = argument.kind == ExprKind::Name ? Find(argument.name) : nullptr;
    if (argument.kind == ExprKind::Name && !symbol) {
      UnknownName(argument.at, argument.name, "buffer", BufferNames());
      return nullptr;
    }
    if (symbol && IsGlobalTensor(symbol->kind)) {
      Error(argument.at, "stage", "the global tensor `" + argument.name + "` in compute:",
            "copy it into a buffer in copyin: first, and compute on the buffer");
      return nullptr;
    }
    if (!symbol || symbol->kind != SymbolKind::Buffer) {
      Error(argument.at, "dtype", "`" + primitive + "` takes a buffer here, not `" + ExprText(argument) + "`",
            "pass a buffer declared with ub(...)");
      return nullptr;
    }
    return &model_.buffers[symbol->index];
  }

  void CheckCompute(const ComputeAssign& assign, const Statement& statement) {
    const Symbol* destinationSymbol = Find(assign.destination);
    if (!destinationSymbol) {
      UnknownName(statement.at, assign.destination, "buffer", BufferNames());
      return;
    }
    if (IsGlobalTensor(destinationSymbol->kind)) {
      Error(statement.at, "stage", "the global tensor `" + assign.destination + "` in compute:",
            "compute into a buffer, and copy it out in copyout:");
      return;
    }
    if (destinationSymbol->kind != SymbolKind::Buffer) {
      Error(statement.at, "stage", "compute: assigns buffers, and `" + assign.destination + "` is not one",
            "bind scalars outside stage blocks");
      return;
    }
    BufferModel& destination = model_.buffers[destinationSymbol->index];
    const Expr& call = assign.value;
    if (call.kind != ExprKind::Call) {
      Error(call.at, "syntax", "a compute statement is `DEST = PRIMITIVE(ARGS)`",
            "to copy a buffer, write `" + assign.destination + " = adds(src, 0)`");
      return;
    }
    std::optional<Primitive> primitive = FindPrimitive(call.name);
    if (!primitive) {
      std::vector<std::string> names;
      for (int p = 0; p <= static_cast<int>(kLastPrimitive); ++p)
        names.emplace_back(InfoOf(static_cast<Primitive>(p)).name);
      UnknownName(call.at, call.name, "primitive", names);
      return;
    }
    const PrimitiveInfo& info = InfoOf(*primitive);
    ComputeModel compute;
    compute.statement = &statement;
    compute.stage = currentStage_;
    compute.primitive = *primitive;
    compute.destination = destination.name;
    if (*primitive == Primitive::Matmul) {
      CheckMatmul(call, destination, compute);
      return;
    }
    if (!CheckComputeArguments(call, info, compute)) return;
    if (info.signature == Signature::AccumulateScalar && compute.bufferOperands[0] != destination.name) {
      Error(call.operands[0].at, "syntax",
            "`axpy` adds into its first operand, so that must be the destination `" + destination.name + "`",
            "write `" + destination.name + " = axpy(" + destination.name + ", x, s)`; to start from `" +
                compute.bufferOperands[0] + "`, copy it first: `" + destination.name + " = adds(" + compute.bufferOperands[0] + ", 0)`");
      return;
    }
    std::vector<const BufferModel*> operands;
    for (const std::string& name : compute.bufferOperands) operands.push_back(FindBuffer(name));
    for (const BufferModel* buffer : operands)
      if (buffer->memory != Memory::UnifiedBuffer) return CubeBufferInVectorCompute(call, *buffer);
    if (destination.memory != Memory::UnifiedBuffer) return CubeBufferInVectorCompute(call, destination);
    if (!CheckPairOperands(call, info, operands, destination)) return;
    if (*primitive == Primitive::Gather && !CheckGatherOperands(call, operands, destination)) return;
    if (!CheckComputeDtypes(call, info, operands, destination, compute)) return;
    CheckComputeShape(call, info, operands, destination);
    if (IsSortPrimitive(*primitive) && !CheckSortOrder(call, info, operands, destination, compute)) return;
    compute.count = CountFor(call, info, operands, destination);
    if (info.shape == ResultShape::Single && !operands.empty()) compute.operandCount = LastCount(*operands[0]);
    CheckDestinationHolds(call, info, compute.count, destination);
    if (!operands.empty()) compute.temp = TempNeedOf(*primitive, operands[0]->name, operands[0]->dtype.perCombination,
                                                     compute.resultDtype);
    // merge_rows keeps K pairs of each operand, K the destination's row, and gather an offset per
    // element it writes: their scratch follows the destination.
    if ((*primitive == Primitive::MergeRows || *primitive == Primitive::Gather) && compute.temp)
      compute.temp->sizedLike = destination.name;
    for (const BufferModel* operand : operands) Use(*FindBuffer(operand->name), Direction::Read);
    Use(destination, Direction::Write);
    lastCount_[destination.name] = {compute.count, ++sequence_};
    // A 1-D row of pairs is whole: sort_rows and merge_rows write all of the destination's pairs.
    if (info.shape == ResultShape::Sorted && destination.extents.size() == 1)
      lastCount_[destination.name] = {ElementCount{destination.name, std::nullopt, false}, sequence_};
    // The sort primitives keep the rows but not the columns (K pairs of COLS values): the statements
    // after them count the destination's rows, row stride included.
    if (IsSortPrimitive(*primitive) && destination.extents.size() == 2 && compute.count.rows) {
      const BufferModel* counted = FindBuffer(compute.count.buffer);
      ElementCount rows{destination.name, compute.count.length, true};
      if (!rows.length && counted->extents.size() == 2) rows.length = *counted->extents[0];
      lastCount_[destination.name] = {rows, sequence_};
    }
    model_.computes.push_back(std::move(compute));
  }

  BufferModel* FindBuffer(const std::string& name) {
    return &model_.buffers[symbols_.at(name).index];
  }

  void CubeBufferInVectorCompute(const Expr& call, const BufferModel& buffer) {
    Error(call.at, "stage", "`" + call.name + "` runs on the vector unit, and `" + buffer.name + "` is an " +
                                (buffer.memory == Memory::L1 ? "l1" : "l0c") + " buffer of the cube",
          "the cube computes `acc = matmul(a, b)` only: l1 operands into an l0c accumulator");
  }

  // `acc = matmul(a, b[, bias])`: a [M, K] and b [K, N] in l1 (f16 or bf16) into the l0c accumulator
  // [M, N]; the extents are the copies that last filled a and b. A fresh accumulator (declared, or
  // copied out since) starts from the bias row (or from zero); later products add onto it.
  void CheckMatmul(const Expr& call, BufferModel& destination, ComputeModel& compute) {
    multiplied_.insert(destination.name);  // even when this statement has an error: no echo at the copy-out
    const std::string usage = "write `" + destination.name + " = matmul(a, b)` or `matmul(a, b, bias)`";
    if (call.operands.size() < 2 || call.operands.size() > 3 || !call.keywords.empty()) {
      Error(call.at, "syntax", "`matmul` takes (a, b) or (a, b, bias)", usage);
      return;
    }
    std::vector<BufferModel*> operands;
    for (const Expr& argument : call.operands) {
      BufferModel* buffer = BufferArgument(argument, "matmul");
      if (!buffer) return;
      operands.push_back(buffer);
      compute.bufferOperands.push_back(buffer->name);
    }
    if (destination.memory != Memory::L0C) {
      Error(call.at, "stage", "`matmul` accumulates into an l0c buffer, and `" + destination.name + "` is not one",
            "declare `" + destination.name + " = l0c(f32, ROWS, COLS)`");
      return;
    }
    for (size_t i = 0; i < operands.size(); ++i) {
      const size_t rank = i < 2 ? 2 : 1;
      if (operands[i]->memory == Memory::L1 && operands[i]->extents.size() == rank) continue;
      Error(call.operands[i].at, "stage",
            std::string("`matmul`'s ") + (i == 0 ? "left operand" : i == 1 ? "right operand" : "bias") + " `" +
                operands[i]->name + "` is not a " + (rank == 2 ? "2-D" : "1-D") + " l1 buffer",
            i < 2 ? "declare it `l1(f16, ROWS, COLS)` and copy a block of the matrix into it"
                  : "declare the bias row `l1(f16, COLS)` (or f32) and copy the row's slice into it");
      return;
    }
    for (size_t k = 0; k < Combinations(); ++k) {
      const Dtype a = operands[0]->dtype.perCombination[k];
      if (operands[1]->dtype.perCombination[k] != a) {
        Error(call.operands[1].at, "dtype",
              "`matmul` multiplies " + DtypeText(operands[0]->dtype, k) + " by " + DtypeText(operands[1]->dtype, k),
              "both operands have one dtype, f16, bf16 or i8");
        return;
      }
      // The cube sums i8 products in i32 and f16/bf16 products in f32.
      const Dtype sums = a == Dtype::I8 ? Dtype::I32 : Dtype::F32;
      if (destination.dtype.perCombination[k] != sums) {
        Error(call.at, "dtype",
              "`matmul` of " + DtypeText(operands[0]->dtype, k) + " operands sums in " + std::string(DtypeName(sums)) + ", and `" +
                  destination.name + "` holds " + DtypeText(destination.dtype, k),
              "declare `" + destination.name + " = l0c(" + std::string(DtypeName(sums)) + ", ROWS, COLS)`");
        return;
      }
      if (operands.size() == 3 && a == Dtype::I8) {
        Error(call.operands[2].at, "dtype", "a bias row with i8 operands",
              "add the bias after the copy out, on the vector unit: the cube adds bias rows to f16 and bf16 products");
        return;
      }
      if (operands.size() == 3 && operands[2]->dtype.perCombination[k] == Dtype::F16 && a != Dtype::F16) {
        Error(call.operands[2].at, "dtype", "an f16 bias row with " + DtypeText(operands[0]->dtype, k) + " operands",
              "the bias table converts f16 rows only beside f16 operands: copy the bias in as f32");
        return;
      }
      compute.resultDtype.push_back(sums);
      compute.operandDtype.push_back(a);
    }
    std::vector<const CopyModel*> filled;
    for (size_t i = 0; i < operands.size(); ++i) {
      const auto last = lastCopyIn_.find(operands[i]->name);
      if (last == lastCopyIn_.end()) {
        Error(call.operands[i].at, "stage", "`matmul` reads `" + operands[i]->name + "` before any copy-in fills it",
              "copy into it in a copyin: block before this compute:");
        return;
      }
      filled.push_back(&model_.copies[last->second]);
    }
    auto columnsOf = [&](const CopyModel& copy, const BufferModel& buffer) {
      return copy.columns ? *copy.columns : *buffer.extents[1];
    };
    ComputeModel::MatmulExtents extents{*filled[0]->length, columnsOf(*filled[0], *operands[0]),
                                        columnsOf(*filled[1], *operands[1]), ""};
    if (!SameValue(extents.inner, *filled[1]->length)) {
      Error(call.at, "unbounded-slice",
            "`" + operands[0]->name + "` was filled with `" + ExprText(extents.inner) + "` columns and `" +
                operands[1]->name + "` with `" + ExprText(*filled[1]->length) + "` rows: the inner extents differ",
            "copy as many columns of a as rows of b: `a1[0:m, 0:kl]` and `b1[0:kl, 0:n]`");
      return;
    }
    if (operands.size() == 3) {
      extents.bias = operands[2]->name;
      if (!SameValue(*filled[2]->length, extents.columns)) {
        Error(call.operands[2].at, "unbounded-slice",
              "the bias row holds `" + ExprText(*filled[2]->length) + "` values and the product `" +
                  ExprText(extents.columns) + "` columns",
              "copy one bias value per column: `" + operands[2]->name + "[0:" + ExprText(extents.columns) + "]`");
        return;
      }
    }
    for (int side = 0; side < 2; ++side) {
      const Expr& wanted = side == 0 ? extents.rows : extents.columns;
      if (BoundedBy(wanted, *destination.extents[side], 0)) continue;
      Error(call.at, "unbounded-slice",
            "the product has `" + ExprText(wanted) + "` " + (side == 0 ? "rows" : "columns") + ", which `" +
                destination.name + "`'s `" + ExprText(*destination.extents[side]) + "` may not hold",
            "size the accumulator like the operands' blocks");
      return;
    }
    compute.matmul = std::move(extents);
    for (BufferModel* operand : operands) Use(*operand, Direction::Read);
    Use(destination, Direction::Write);
    model_.computes.push_back(std::move(compute));
  }

  bool CheckComputeArguments(const Expr& call, const PrimitiveInfo& info, ComputeModel& compute) {
    static constexpr std::array<const char*, 11> kUsage = {
        "(buffer)", "(buffer, buffer)", "(buffer, scalar)", "(buffer, dtype)", "(mask, buffer, buffer)", "(scalar)",
        "(buffer, extent)", "(a, b[, bias])", "(buffer, descending, base)", "(buffer, positions)", "(acc, buffer, scalar)"};
    static constexpr std::array<size_t, 11> kArity = {1, 2, 2, 2, 3, 1, 2, 2, 3, 2, 3};
    size_t signature = static_cast<size_t>(info.signature);
    std::string name(info.name);
    if (call.operands.size() != kArity[signature] || !call.keywords.empty()) {
      Error(call.at, "syntax", "`" + name + "` takes " + kUsage[signature],
            "write `DEST = " + name + kUsage[signature] + "`");
      return false;
    }
    bool ok = true;
    scalarKinds_.clear();
    for (size_t i = 0; i < call.operands.size(); ++i) {
      const Expr& argument = call.operands[i];
      bool isBuffer = i == 0 ? info.signature != Signature::Scalar
                             : info.signature == Signature::BufferBuffer || info.signature == Signature::MaskBufferBuffer ||
                                   info.signature == Signature::BufferPositions ||
                                   (info.signature == Signature::AccumulateScalar && i == 1);
      if (isBuffer) {
        BufferModel* buffer = BufferArgument(argument, name);
        if (buffer) compute.bufferOperands.push_back(buffer->name);
        ok = ok && buffer;
      } else if (info.signature == Signature::BufferDtype) {
        if (argument.kind != ExprKind::Name) {
          Error(argument.at, "syntax", "`cast` takes a dtype second", "write `cast(x, f32)` or `cast(x, T)`");
          ok = false;
        }
      } else {
        scalarKinds_.push_back(CheckScalar(argument, Where::Kernel));
      }
    }
    return ok;
  }

  // Pairs buffers are what sort_rows and merge_rows write and what merge_rows, pair_values and
  // pair_indices read; no other statement touches them, and those take no other buffer there.
  bool CheckPairOperands(const Expr& call, const PrimitiveInfo& info, const std::vector<const BufferModel*>& operands,
                         const BufferModel& destination) {
    const std::string name(info.name);
    const Primitive primitive = info.primitive;
    const bool pairsIn = primitive == Primitive::MergeRows || primitive == Primitive::PairValues ||
                         primitive == Primitive::PairIndices;
    const bool pairsOut = primitive == Primitive::SortRows || primitive == Primitive::MergeRows;
    for (size_t i = 0; i < operands.size(); ++i) {
      if (operands[i]->pairs == pairsIn) continue;
      if (pairsIn)
        Error(call.operands[i].at, "dtype", "`" + name + "` reads sorted pairs, and `" + operands[i]->name + "` is not a pairs buffer",
              "sort the values first: `s = sort_rows(" + operands[i]->name + ", descending, base)` into `s = ub(pairs(T), ROWS, K)`");
      else
        Error(call.operands[i].at, "dtype", "`" + operands[i]->name + "` holds (value, index) pairs, which `" + name + "` cannot read",
              "separate them first: `v = pair_values(" + operands[i]->name + ")` or `i = pair_indices(" + operands[i]->name + ")`");
      return false;
    }
    if (destination.pairs == pairsOut) return true;
    if (pairsOut)
      Error(call.at, "dtype", "`" + name + "` gives sorted (value, index) pairs, and `" + destination.name + "` is not a pairs buffer",
            "declare `" + destination.name + " = ub(pairs(T), ROWS, K)`: each row keeps its K first pairs");
    else
      Error(call.at, "dtype", "`" + destination.name + "` holds (value, index) pairs, and `" + name + "` does not give them",
            "compute into a buffer of values; pairs come from sort_rows and merge_rows");
    return false;
  }

  // gather(x, idx): the elements of x at the i32 positions in idx, a 1-D buffer; a 2-D x is gathered
  // row by row with the same positions, one column of the result per position. Gather moves 2- and
  // 4-byte lanes, and cannot write over what it reads.
  bool CheckGatherOperands(const Expr& call, const std::vector<const BufferModel*>& operands,
                           const BufferModel& destination) {
    const BufferModel& source = *operands[0];
    const BufferModel& index = *operands[1];
    for (size_t k = 0; k < Combinations(); ++k) {
      const Dtype dtype = source.dtype.perCombination[k];
      if (dtype == Dtype::Bool || (DtypeBytes(dtype) != 2 && DtypeBytes(dtype) != 4)) {
        Error(call.operands[0].at, "dtype",
              "`gather` moves 2- and 4-byte elements, and `" + source.name + "` holds " + DtypeText(source.dtype, k),
              DtypeBytes(dtype) == 8 ? "cast the values to i32 first when they fit, or gather them in a 4-byte dtype"
                                     : "cast them to f16 first (exact for 1-byte values) and back after the gather");
        return false;
      }
      if (index.dtype.perCombination[k] != Dtype::I32) {
        Error(call.operands[1].at, "dtype",
              "`gather`'s positions `" + index.name + "` hold " + DtypeText(index.dtype, k) + ", not i32",
              "make them in an i32 buffer: `idx = iota(0)`, then i32 `muls`/`adds`, or `cast(..., i32)`");
        return false;
      }
    }
    if (destination.name == source.name || destination.name == index.name) {
      Error(call.at, "dtype", "`gather` cannot write `" + destination.name + "`, which it reads",
            "gather into a buffer of its own: `" + destination.name + "_g = gather(" + source.name + ", " + index.name + ")`");
      return false;
    }
    if (index.extents.size() != 1) {
      Error(call.operands[1].at, "dtype",
            "`gather`'s positions `" + index.name + "` are 2-D; they are one row of column positions, shared by every row",
            "declare `" + index.name + " = ub(i32, COLS)`: a 2-D source is gathered row by row with the same positions");
      return false;
    }
    if (source.extents.size() != destination.extents.size()) {
      Error(call.at, "dtype",
            "`gather` keeps the rank of its source: `" + source.name + "` is " + std::to_string(source.extents.size()) +
                "-D and `" + destination.name + "` " + std::to_string(destination.extents.size()) + "-D",
            "gather a 1-D buffer into a 1-D buffer, or the rows of a 2-D buffer into a 2-D buffer");
      return false;
    }
    // Each row of a 2-D result reads its columns' positions from idx.
    if (destination.extents.size() == 2 && !BoundedBy(*destination.extents[1], *index.extents[0], 0)) {
      Error(call.at, "unbounded-slice",
            "`" + destination.name + "` has `" + ExprText(*destination.extents[1]) + "` columns, and `" + index.name +
                "` may hold fewer positions (`" + ExprText(*index.extents[0]) + "`)",
            "declare `" + index.name + "` with one position per column of `" + destination.name + "`");
      return false;
    }
    return true;
  }

  // Whether an expression names only host values, attributes and literals (the tiling fields every
  // stage reads).
  bool HostOnly(const Expr& expr) const {
    if (expr.kind == ExprKind::Name) {
      const Symbol* symbol = Find(expr.name);
      return symbol && (symbol->kind == SymbolKind::HostValue || symbol->kind == SymbolKind::Attr);
    }
    if (expr.kind == ExprKind::Element || expr.kind == ExprKind::Call) return false;
    return std::all_of(expr.operands.begin(), expr.operands.end(), [&](const Expr& operand) { return HostOnly(operand); });
  }

  // sort_rows(x, descending, base): `descending` is a bool of the host, `base` an integer. The pairs
  // remember the order they were sorted in (ascending keeps negated values), which merge_rows
  // keeps and pair_values undoes.
  bool CheckSortOrder(const Expr& call, const PrimitiveInfo& info, const std::vector<const BufferModel*>& operands,
                      const BufferModel& destination, ComputeModel& compute) {
    const std::string name(info.name);
    if (info.primitive == Primitive::SortRows) {
      const Expr& descending = call.operands[1];
      if (scalarKinds_.size() != 2 || scalarKinds_[0] != ValueKind::Bool || !HostOnly(descending)) {
        Error(descending.at, "dtype", "`sort_rows`'s order `" + ExprText(descending) + "` is not a bool of the host",
              "pass true (largest first), false, a bool attribute or a host value: `sort_rows(x, largest, base)`");
        return false;
      }
      const Expr& base = call.operands[2];
      if (scalarKinds_[1] != ValueKind::Int) {
        Error(base.at, "dtype", "`sort_rows`'s base `" + ExprText(base) + "` is not an integer",
              "pass the index of the row's first column: 0, or the column offset of this chunk of a long row");
        return false;
      }
      pairOrder_[destination.name] = &descending;
      return true;
    }
    std::vector<const Expr*> orders;
    for (size_t i = 0; i < operands.size(); ++i) {
      auto order = pairOrder_.find(operands[i]->name);
      if (order == pairOrder_.end()) {
        Error(call.operands[i].at, "dtype", "`" + operands[i]->name + "` holds no sorted pairs here",
              "write it first: `" + operands[i]->name + " = sort_rows(x, descending, base)`");
        return false;
      }
      orders.push_back(order->second);
    }
    if (orders.size() == 2 && !SameExpr(*orders[0], *orders[1])) {
      Error(call.at, "dtype",
            "`" + operands[0]->name + "` is sorted by `" + ExprText(*orders[0]) + "` and `" + operands[1]->name + "` by `" +
                ExprText(*orders[1]) + "`: a merge needs one order",
            "sort both with the same `descending` argument");
      return false;
    }
    if (info.primitive == Primitive::MergeRows) pairOrder_[destination.name] = orders[0];
    compute.descending = orders[0];
    return true;
  }

  bool CheckComputeDtypes(const Expr& call, const PrimitiveInfo& info, const std::vector<const BufferModel*>& operands,
                          const BufferModel& destination, ComputeModel& compute) {
    std::string name(info.name);
    // select's mask is operand 0, its values operands 1 and 2; gather's positions follow its values.
    size_t firstValue = info.signature == Signature::MaskBufferBuffer ? 1 : 0;
    const size_t values = info.signature == Signature::BufferPositions ? 1 : operands.size() - firstValue;
    std::optional<ResolvedDtype> castTarget;
    if (info.signature == Signature::BufferDtype) castTarget = Resolve(TypeName{call.operands[1].at, call.operands[1].name});
    for (size_t k = 0; k < Combinations(); ++k) {
      if (info.signature == Signature::MaskBufferBuffer && operands[0]->dtype.perCombination[k] != Dtype::Bool) {
        Error(call.operands[0].at, "dtype", "`select`'s mask `" + operands[0]->name + "` holds " +
                                                DtypeText(operands[0]->dtype, k) + ", not bool",
              "make the mask with a compare: `mask = cmp_lt(a, b)` into a bool buffer");
        return false;
      }
      // The vector unit adds, multiplies and compares i16 and i32 lanes too (Add ... Mins).
      const bool integerLanes = info.primitive == Primitive::Add || info.primitive == Primitive::Sub ||
                                info.primitive == Primitive::Mul || info.primitive == Primitive::Max ||
                                info.primitive == Primitive::Min || info.primitive == Primitive::Adds ||
                                info.primitive == Primitive::Muls || info.primitive == Primitive::Maxs ||
                                info.primitive == Primitive::Mins;
      if (IsTrigonometric(info.primitive) && operands[0]->dtype.perCombination[k] != Dtype::F32) {
        Error(call.operands[0].at, "dtype",
              "`" + name + "` computes in f32 (its range reduction and polynomial need f32's precision), and `" +
                  operands[0]->name + "` holds " + DtypeText(operands[0]->dtype, k),
              "cast it first: `" + operands[0]->name + "_f = cast(" + operands[0]->name + ", f32)` into an f32 buffer");
        return false;
      }
      for (size_t i = firstValue; info.needsArithmeticDtype && i < operands.size(); ++i) {
        Dtype dtype = operands[i]->dtype.perCombination[k];
        if (!IsArithmeticDtype(dtype) && !(integerLanes && (dtype == Dtype::I16 || dtype == Dtype::I32))) {
          Error(call.operands[i].at, "dtype",
                "`" + name + "` computes on " + (integerLanes ? "f16, f32, i16 or i32" : "f16 or f32") + ", and `" +
                    operands[i]->name + "` holds " + DtypeText(operands[i]->dtype, k),
                "cast it first: `" + operands[i]->name + "_f = cast(" + operands[i]->name + ", f32)` into an f32 buffer");
          return false;
        }
      }
      if (values == 2 && operands[firstValue]->dtype.perCombination[k] != operands[firstValue + 1]->dtype.perCombination[k]) {
        Error(call.at, "dtype",
              "the operands of `" + name + "` differ: `" + operands[firstValue]->name + "` holds " +
                  DtypeText(operands[firstValue]->dtype, k) + ", `" + operands[firstValue + 1]->name + "` holds " +
                  DtypeText(operands[firstValue + 1]->dtype, k),
              "cast one of them so both have the same dtype");
        return false;
      }
      Dtype operand = operands.empty() ? destination.dtype.perCombination[k] : operands[firstValue]->dtype.perCombination[k];
      Dtype result = operand;
      if (info.result == ResultDtype::Bool) result = Dtype::Bool;
      if (info.result == ResultDtype::Destination) result = destination.dtype.perCombination[k];
      if (info.result == ResultDtype::Index) result = Dtype::I32;
      if (castTarget) result = castTarget->perCombination[k];
      if (info.primitive == Primitive::Iota && result != Dtype::I16 && result != Dtype::I32 && result != Dtype::F16 &&
          result != Dtype::F32) {
        Error(call.at, "dtype", "`iota` cannot fill " + DtypeText(destination.dtype, k) +
                                    ": the vector unit's index ramp makes i16, i32, f16 and f32 only",
              "make the ramp in an i32 (or f32) buffer and cast it: `idx = iota(0)`, then `" + destination.name +
                  " = cast(idx, ...)`");
        return false;
      }
      if (castTarget && !CastPath(operand, result)) {
        Error(call.at, "dtype", "`cast` cannot make " + DtypeText(*castTarget, k) +
                                    " from " + std::string(DtypeName(operand)) + ": a bool is a comparison, not a conversion",
              "compare with zero: `zero = duplicate(0.0)` into an f16 or f32 buffer, then `" + destination.name +
                  " = cmp_ne(x, zero)` (cast integers to f32 first)");
        return false;
      }
      if (castTarget && k == 0 && !castTarget->variable && !operands[0]->dtype.variable && result == operand) {
        Error(call.at, "dtype", "a cast from " + std::string(DtypeName(operand)) + " to the same dtype",
              "drop the cast (a cast to the same dtype is allowed only under a dtype variable, where it disappears)");
        return false;
      }
      if (result != destination.dtype.perCombination[k]) {
        Error(call.at, "dtype",
              "`" + destination.name + "` holds " + DtypeText(destination.dtype, k) + ", but `" + name + "` gives " +
                  std::string(DtypeName(result)),
              castTarget ? "declare `" + destination.name + "` with the cast's dtype"
                         : "compute into a buffer of that dtype, or cast the result");
        return false;
      }
      compute.resultDtype.push_back(result);
      compute.operandDtype.push_back(operand);
      compute.identityCast.push_back(castTarget.has_value() && result == operand);
    }
    return true;
  }

  void CheckComputeShape(const Expr& call, const PrimitiveInfo& info, const std::vector<const BufferModel*>& operands,
                         const BufferModel& destination) {
    if (info.primitive == Primitive::Iota && destination.extents.size() == 2)
      Error(call.at, "dtype", "`iota` numbers the elements of a 1-D buffer, and `" + destination.name + "` is 2-D",
            "make the ramp in a 1-D buffer of COLS elements and repeat it with `bcast_row(ramp, ROWS)`");
    if (operands.empty()) return;
    size_t operandRank = operands.back()->extents.size();
    size_t destinationRank = destination.extents.size();
    std::string name(info.name);
    auto require = [&](bool ok, const std::string& message) {
      if (!ok) Error(call.at, "dtype", message, "declare 2-D buffers as ub(TYPE, ROWS, COLS) and 1-D as ub(TYPE, LEN)");
    };
    if (info.shape == ResultShape::PerRow)
      require(operandRank == 2 && destinationRank == 1, "`" + name + "` reduces a 2-D buffer into a 1-D buffer of one value per row");
    if (info.shape == ResultShape::Rows)
      require(operandRank == 1 && destinationRank == 2, "`" + name + "` broadcasts a 1-D buffer into a 2-D buffer");
    if (info.shape == ResultShape::Single)
      require(operandRank == 1 && destinationRank == 1, "`" + name + "` reduces a 1-D buffer into element 0 of a 1-D buffer");
    if (info.primitive == Primitive::SoftmaxRows || info.primitive == Primitive::CumsumRows ||
        info.primitive == Primitive::CumprodRows)
      require(operandRank == 2 && destinationRank == 2, "`" + name + "` works on 2-D buffers");
    if (IsSortPrimitive(info.primitive)) {
      bool sameRank = std::all_of(operands.begin(), operands.end(), [&](const BufferModel* operand) {
        return operand->extents.size() == destinationRank;
      });
      require(sameRank, "`" + name + "` keeps rows: its operands and `" + destination.name +
                            "` must all be 2-D (rows of columns) or all 1-D (one row)");
      // pair_values and pair_indices give each row's K values, K the pairs' columns.
      const bool extracts = info.primitive == Primitive::PairValues || info.primitive == Primitive::PairIndices;
      if (sameRank && extracts && destinationRank == 2 && !SameExpr(*destination.extents[1], *operands[0]->extents[1]))
        Error(call.at, "dtype",
              "`" + name + "` gives the " + ExprText(*operands[0]->extents[1]) + " pairs of each row of `" + operands[0]->name +
                  "`, but `" + destination.name + "` has " + ExprText(*destination.extents[1]) + " columns",
              "declare `" + destination.name + "` with the same COLS as `" + operands[0]->name + "`");
    }
    bool scan = info.primitive == Primitive::CumsumRows || info.primitive == Primitive::CumprodRows;
    if (scan && operandRank == 2 && destinationRank == 2 && !SameExpr(*destination.extents[1], *operands.back()->extents[1]))
      Error(call.at, "dtype",
            "`" + name + "` keeps each row's columns, but `" + destination.name + "` has " +
                ExprText(*destination.extents[1]) + " columns and `" + operands.back()->name + "` has " +
                ExprText(*operands.back()->extents[1]),
            "declare `" + destination.name + "` with the same COLS as `" + operands.back()->name + "`");
    bool indexed = info.primitive == Primitive::ArgmaxRows || info.primitive == Primitive::ArgminRows;
    if (indexed && operandRank == 2) {
      // f16 keeps the reduction's index in 16 bits: a row of more than 65536 columns has indices it cannot hold.
      const BufferModel& source = *operands.back();
      for (size_t k = 0; k < Combinations(); ++k) {
        if (source.dtype.perCombination[k] != Dtype::F16) continue;
        sizeCombination_ = k;
        Interval columns = Range(*source.extents[1]);
        sizeCombination_ = kNoCombination;
        if (columns.high && *columns.high <= kMaxHalfIndexColumns) continue;
        Error(call.at, "dtype",
              "`" + name + "` on f16 rows finds indices below 65536, and the columns of `" + source.name + "` have " +
                  (columns.high ? "up to " + std::to_string(*columns.high) : std::string("no upper bound")),
              "bound the row length in the host: `require(dim(x, -1) <= 65536, \"...\")`, or cast the rows to f32");
        break;
      }
    }
  }

  // docs/dsl.md: the length of the last copy-in into any operand, carried through the results.
  // The statement writes its element count (elements, or rows of a 2-D or per-row result) into the
  // destination from element 0: the destination must hold them, or the vector unit writes past it.
  void CheckDestinationHolds(const Expr& call, const PrimitiveInfo& info, const ElementCount& count,
                             const BufferModel& destination) {
    if (info.shape == ResultShape::Single || info.shape == ResultShape::Rows || count.buffer == destination.name) return;
    // A 1-D row of pairs keeps its first LEN pairs of however many values were sorted or merged.
    if (info.shape == ResultShape::Sorted && destination.extents.size() == 1) return;
    const BufferModel* counted = FindBuffer(count.buffer);
    const Expr* written = count.length ? &*count.length : counted->extents[0];
    // Elementwise results keep the rows of a 2-D operand; per-row results have one element per row.
    const bool sameRank = counted->extents.size() == destination.extents.size();
    if (!sameRank && info.shape != ResultShape::PerRow) return;
    if (BoundedBy(*written, *destination.extents[0], 0)) return;
    const std::string unit = counted->extents.size() == 2 ? " rows" : " elements";
    Error(call.at, "unbounded-slice",
          "`" + std::string(info.name) + "` writes `" + ExprText(*written) + "`" +
              (info.shape == ResultShape::PerRow ? " values (one per row)" : unit) + " into `" + destination.name +
              "`, which holds `" + ExprText(*destination.extents[0]) + "`" + (destination.extents.size() == 2 ? " rows" : ""),
          "declare `" + destination.name + "` as long as `" + counted->name + "` (" + ExprText(*counted->extents[0]) +
              (counted->extents.size() == 2 ? " rows" : "") + "), or bound what is copied into `" + counted->name + "` by it");
  }

  ElementCount CountFor(const Expr& call, const PrimitiveInfo& info, const std::vector<const BufferModel*>& operands,
                        const BufferModel& destination) {
    // bcast_row(v, ROWS) makes ROWS rows, whatever v's length (bcast_rows(v, COLS) makes one per value of v).
    if (info.primitive == Primitive::BcastRow && call.operands.size() == 2)
      return ElementCount{destination.name, call.operands[1], true};
    if (info.shape == ResultShape::Gathered) return GatheredCount(operands, destination);
    ElementCount count{destination.name, std::nullopt, destination.extents.size() == 2};
    int latest = 0;
    for (const BufferModel* operand : operands) {
      auto found = lastCount_.find(operand->name);
      if (found != lastCount_.end() && found->second.second > latest) {
        latest = found->second.second;
        count = found->second.first;
      }
    }
    if (info.shape == ResultShape::PerRow) count.rows = false;
    if (info.shape == ResultShape::Rows) {
      // bcast_rows makes one row per value of its 1-D operand: all of them when it was filled whole.
      const BufferModel* counted = FindBuffer(count.buffer);
      if (!count.length && counted && counted->extents.size() == 1) count.length = *counted->extents[0];
      count.rows = true;
    }
    if (info.shape == ResultShape::Single) {
      Expr one;
      one.kind = ExprKind::Integer;
      one.integer = 1;
      count = ElementCount{destination.name, one, false};
    }
    return count;
  }

  // The count the last statement writing `buffer` left in it; its whole capacity when none did.
  ElementCount LastCount(const BufferModel& buffer) const {
    auto found = lastCount_.find(buffer.name);
    return found != lastCount_.end() ? found->second.first : ElementCount{buffer.name, std::nullopt, false};
  }

  // gather: a 1-D result has one element per position copied or computed into idx; a 2-D result
  // has the rows last written into x, each of the destination's whole padded columns.
  ElementCount GatheredCount(const std::vector<const BufferModel*>& operands, const BufferModel& destination) {
    const BufferModel& source = *operands[0];
    if (source.extents.size() == 1) return LastCount(*operands[1]);
    const ElementCount rows = LastCount(source);
    return ElementCount{destination.name, rows.rows && rows.length ? *rows.length : *source.extents[0], true};
  }

  // ---- after the walk ----

  void ClassifyBuffers() {
    for (BufferModel& buffer : model_.buffers) {
      auto touchedBy = [&](const std::vector<int>& stages, StageKind kind) {
        return std::any_of(stages.begin(), stages.end(), [&](int s) { return model_.stages[s].kind == kind; });
      };
      bool copiedIn = touchedBy(buffer.writtenBy, StageKind::CopyIn);
      bool copiedOut = touchedBy(buffer.readBy, StageKind::CopyOut);
      bool computed = touchedBy(buffer.writtenBy, StageKind::Compute) || touchedBy(buffer.readBy, StageKind::Compute);
      if (copiedIn && copiedOut && computed) {
        Error(buffer.at, "stage",
              "`" + buffer.name + "` goes from copyin: through compute: to copyout:, but a buffer crosses one stage boundary",
              "compute into a second buffer and copy that one out");
      }
      if (copiedIn && copiedOut && !computed) buffer.role = StageRole::QueueBind;
      else if (copiedIn) buffer.role = StageRole::QueueIn;
      else if (copiedOut) buffer.role = StageRole::QueueOut;
      else buffer.role = StageRole::Temp;
    }
  }

  void CheckRationales() {
    for (const HostValue& value : model_.hostValues) {
      if (!value.readByKernel || !value.rationale.empty()) continue;
      Report(value.at, Severity::Warning, "rationale", "`" + value.name + "` reaches the kernel without a rationale",
             "say why this value in a comment above it or at the end of its line; it is copied into the tiling header");
    }
  }

  // A 2-D buffer whose rows are sized from its columns (`rows = min(64, 4096 // cols)`) holds at
  // most the largest rows × padded columns over every column count the host allows, which is far
  // less than the two bounds multiplied. Empty when the rows do not depend on the columns, or the
  // columns are not one name with a bound small enough to try every value.
  std::optional<int64_t> LargestRowsTimesColumns(const Expr& rows, const Expr& columns, Interval columnRange) const {
    constexpr int64_t kMostColumnsTried = 65536;
    if (columns.kind != ExprKind::Name || !columnRange.high || *columnRange.high > kMostColumnsTried ||
        !Mentions(rows, columns.name))
      return std::nullopt;
    // the host values to evaluate again at each column count: those defined through the columns
    std::set<std::string> dependents;
    for (const auto& [name, definition] : hostDefinitions_)
      if (Mentions(*definition, columns.name)) dependents.insert(name);
    int64_t largest = 0;
    for (int64_t count = std::max<int64_t>(columnRange.low.value_or(1), 1); count <= *columnRange.high; ++count) {  // no columns, no elements
      Interval rowRange = RangeWithPinned(rows, columns.name, count, dependents);
      if (!rowRange.high || *rowRange.high > kMostColumnsTried * 1024) return std::nullopt;
      largest = std::max(largest, std::max<int64_t>(*rowRange.high, 0) * ((count + kRowAlign - 1) / kRowAlign * kRowAlign));
    }
    return largest;
  }

  // Whether `expr` reads `name`, directly or through the host values it reads.
  bool Mentions(const Expr& expr, const std::string& name) const {
    if (expr.kind == ExprKind::Name) {
      if (expr.name == name) return true;
      auto definition = hostDefinitions_.find(expr.name);
      return definition != hostDefinitions_.end() && Mentions(*definition->second, name);
    }
    return std::any_of(expr.operands.begin(), expr.operands.end(),
                       [&](const Expr& operand) { return Mentions(operand, name); });
  }

  // The range of `expr` when the name `pinned` holds `value`: the host values defined through it
  // (`dependents`) are evaluated again from their definitions, within the ranges their requires allow.
  Interval RangeWithPinned(const Expr& expr, const std::string& pinned, int64_t value,
                           const std::set<std::string>& dependents) const {
    IntervalScope scope = Scope();
    const auto plain = scope.value;
    std::map<std::string, Interval> derived;
    scope.value = [&](const std::string& name) -> Interval {
      if (name == pinned) return Interval::Exactly(value);
      if (!dependents.count(name)) return plain(name);
      const Expr* definition = hostDefinitions_.at(name);
      auto known = derived.find(name);
      if (known != derived.end()) return known->second;
      return derived[name] = Evaluate(*definition, scope).Within(plain(name));
    };
    return Evaluate(expr, scope);
  }

  // A buffer's capacity and row stride in elements, at the largest tile (program_model.h,
  // BufferModel::maxElements), when bounded.
  struct Capacity {
    int64_t elements = 0;
    int64_t rowStride = 0;
  };

  std::optional<Capacity> CapacityOf(const BufferModel& buffer, size_t k) {
    sizeCombination_ = k;
    Interval length = Range(*buffer.extents[0]);
    Interval columns = buffer.extents.size() == 2 ? Range(*buffer.extents[1]) : Interval::Exactly(1);
    std::optional<int64_t> rowsTimesColumns =
        buffer.extents.size() == 2 ? LargestRowsTimesColumns(*buffer.extents[0], *buffer.extents[1], columns) : std::nullopt;
    sizeCombination_ = kNoCombination;
    constexpr int64_t kLimit = int64_t{1} << 40;  // far beyond any UB; keeps the products exact
    auto alignUp = [](int64_t value, int64_t unit) { return (value + unit - 1) / unit * unit; };
    if (rowsTimesColumns && columns.high) return Capacity{*rowsTimesColumns, alignUp(*columns.high, kRowAlign)};
    if (!length.high || !columns.high || *length.high < 0 || *columns.high < 0 || *length.high > kLimit ||
        *columns.high > kLimit)
      return std::nullopt;
    if (buffer.extents.size() == 2) {
      int64_t stride = alignUp(*columns.high, kRowAlign);
      if (*length.high > kLimit / std::max<int64_t>(stride, 1)) return std::nullopt;
      return Capacity{*length.high * stride, stride};
    }
    bool compared = std::any_of(model_.computes.begin(), model_.computes.end(), [&](const ComputeModel& compute) {
      return compute.primitive >= Primitive::CmpLt && compute.primitive <= Primitive::IsFinite &&
             std::count(compute.bufferOperands.begin(), compute.bufferOperands.end(), buffer.name);
    });
    int64_t elements = compared ? alignUp(*length.high, kCompareAlign) : *length.high;
    return Capacity{elements, elements};
  }

  // The bytes of one element in combination k: a pairs buffer's are 8-byte (value, index) pairs.
  static int64_t ElementBytes(const BufferModel& buffer, size_t k) {
    return buffer.pairs ? kPairBytes : DtypeBytes(buffer.dtype.perCombination[k]);
  }

  void CheckBudget() {
    UbBudget best;
    bool reportedUnbounded = false;
    for (size_t k = 0; k < Combinations(); ++k) {
      UbBudget budget;
      budget.combination = static_cast<int>(k);
      budget.limitBytes = kUbBytes;
      std::map<std::string, Capacity> capacities;
      for (BufferModel& buffer : model_.buffers) {
        if (brokenBuffers_.count(buffer.name)) {
          budget.bounded = false;
          continue;
        }
        std::optional<Capacity> capacity = CapacityOf(buffer, k);
        if (!capacity) {
          budget.bounded = false;
          if (!reportedUnbounded)
            Error(buffer.at, "ub-budget", "cannot bound the size of `" + buffer.name + "`: its length has no upper bound the host fixes",
                  "size buffers with a constant or a min(...) of one, e.g. `tile = min(4096, n)`");
          reportedUnbounded = true;
          continue;
        }
        capacities[buffer.name] = *capacity;
        buffer.maxElements = std::max(buffer.maxElements.value_or(0), capacity->elements);
        if (buffer.memory != Memory::UnifiedBuffer) continue;
        int64_t bytes = AlignToBlock(capacity->elements * ElementBytes(buffer, k)) * buffer.depth;
        budget.bytesPerBuffer[buffer.name] = bytes;
        budget.totalBytes += bytes;
      }
      int64_t temporary = 0;
      for (const ComputeModel& compute : model_.computes) {
        auto capacity = compute.temp ? capacities.find(compute.temp->sizedLike) : capacities.end();
        if (capacity == capacities.end()) continue;
        int64_t operandBytes = ElementBytes(*FindBuffer(compute.temp->sizedLike), k);
        temporary = std::max(temporary, AlignToBlock(TempBytes(*compute.temp, k, operandBytes, capacity->second.elements,
                                                                capacity->second.rowStride)));
      }
      if (temporary > 0) {
        budget.bytesPerBuffer["temporary"] = temporary;
        budget.totalBytes += temporary;
      }
      int64_t zeroChunk = 0;
      for (const std::string& output : model_.zeroedOutputs)
        zeroChunk = std::max(zeroChunk, kZeroChunk * DtypeBytes(model_.FindTensor(output)->dtype.perCombination[k]));
      if (zeroChunk > 0) {
        budget.bytesPerBuffer["zero"] = zeroChunk;
        budget.totalBytes += zeroChunk;
      }
      if (k == 0 || budget.totalBytes > best.totalBytes) best = budget;
    }
    model_.ub = best;
    if (model_.cube && best.bounded) CheckCubeBudget();
    if (!best.bounded || best.totalBytes <= kUbBytes) return;
    std::string shares;
    for (const BufferModel& buffer : model_.buffers) {
      auto share = best.bytesPerBuffer.find(buffer.name);
      if (share == best.bytesPerBuffer.end()) continue;
      shares += (shares.empty() ? "" : ", ") + buffer.name + " " + std::to_string(share->second);
      if (buffer.depth > 1) shares += " (" + std::to_string(buffer.depth) + " buffers)";
    }
    for (const char* extra : {"temporary", "zero"})
      if (best.bytesPerBuffer.count(extra)) shares += std::string(", ") + extra + " " + std::to_string(best.bytesPerBuffer[extra]);
    std::string combination = CombinationText(best.combination);
    Error(program_.kernelAt, "ub-budget",
          "the buffers need " + std::to_string(best.totalBytes) + " bytes of UB, more than the " +
              std::to_string(kUbBytes) + " there are" + (combination.empty() ? "" : " (with " + combination + ")") + ": " +
              shares,
          "shrink the tile, drop a double buffer (buffers=2), or reuse a buffer");
  }

  // l1 and l0c hold every buffer × depth at its largest block, each extent rounded up to 16; the
  // compiler's K steps need one 16-column step of a's largest rows (and of b's largest columns) to
  // fit half of L0A (L0B).
  void CheckCubeBudget() {
    // i8 operands and their i32 sums go in 32-wide blocks (an i8 fractal is 16 x 32, and B is
    // transposed in 32 x 32 squares); the others in 16-wide ones.
    auto edge = [&](const Expr& extent, Dtype dtype = Dtype::F16) {
      const int64_t unit = dtype == Dtype::I8 || dtype == Dtype::I32 ? 2 * kFractalEdge : kFractalEdge;
      return (Range(extent).high.value_or(0) + unit - 1) / unit * unit;
    };
    for (size_t k = 0; k < Combinations(); ++k) {
      int64_t l1 = 0;
      int64_t l0c = 0;
      std::string l1Shares;
      std::string l0cShares;
      for (const BufferModel& buffer : model_.buffers) {
        if (buffer.memory == Memory::UnifiedBuffer) continue;  // a mixed kernel's vector side
        const Dtype dtype = buffer.dtype.perCombination[k];
        int64_t elements = edge(*buffer.extents[0], dtype) * (buffer.extents.size() == 2 ? edge(*buffer.extents[1], dtype) : 1);
        const int64_t bytes = elements * DtypeBytes(dtype) * buffer.depth;
        std::string& shares = buffer.memory == Memory::L1 ? l1Shares : l0cShares;
        shares += (shares.empty() ? "" : ", ") + buffer.name + " " + std::to_string(bytes);
        (buffer.memory == Memory::L1 ? l1 : l0c) += bytes;
      }
      const std::string combination = CombinationText(k);
      const std::string with = combination.empty() ? "" : " (with " + combination + ")";
      for (const auto& [used, limit, memory, shares] :
           {std::tuple{l1, kL1Bytes, "L1", l1Shares}, std::tuple{l0c, kL0cBytes, "L0C", l0cShares}}) {
        if (used <= limit) continue;
        Error(program_.kernelAt, "ub-budget",
              std::string("the ") + (memory == std::string("L1") ? "l1" : "l0c") + " buffers need " +
                  std::to_string(used) + " bytes of " + memory + ", more than the " + std::to_string(limit) +
                  " there are" + with + ": " + shares,
              "shrink the blocks or drop a double buffer (buffers=2)");
      }
      for (const ComputeModel& compute : model_.computes) {
        if (!compute.matmul) continue;
        if (!compute.matmul->bias.empty()) {
          const BufferModel& bias = *FindBuffer(compute.matmul->bias);
          if (edge(*bias.extents[0]) * DtypeBytes(Dtype::F32) > kBiasTableBytes)
            Error(bias.at, "ub-budget",
                  "the bias row `" + bias.name + "` has up to " + std::to_string(edge(*bias.extents[0])) +
                      " values: as f32 they do not fit the " + std::to_string(kBiasTableBytes) + "-byte bias table",
                  "keep a block with a bias at most 256 columns wide");
        }
        for (int side = 0; side < 2; ++side) {
          const BufferModel& operand = *FindBuffer(compute.bufferOperands[side]);
          const int64_t edgeElements = edge(*operand.extents[side == 0 ? 0 : 1]);
          if (edgeElements * kFractalEdge * DtypeBytes(operand.dtype.perCombination[k]) * 2 <= kL0abBytes) continue;
          Error(operand.at, "ub-budget",
                "`" + operand.name + "` has up to " + std::to_string(edgeElements) + (side == 0 ? " rows" : " columns") +
                    ": one 16-deep K step of them does not fit twice in " + (side == 0 ? "L0A" : "L0B") + " (" +
                    std::to_string(kL0abBytes) + " bytes)",
                "keep a matmul's blocks at most 1024 rows (a) and 1024 columns (b)");
        }
      }
    }
  }

  static constexpr size_t kNoCombination = static_cast<size_t>(-1);
  std::set<std::string> derivedVariables_;  // dtype variables no input has (CheckDerivedDtypeVariables)
  static constexpr int kMaxBoundDepth = 16;  // kernel scalars defined through each other

  const Program& program_;
  const std::string& fileName_;
  std::vector<Diagnostic>& diagnostics_;
  ProgramModel model_;
  std::map<std::string, Symbol> symbols_;
  std::map<std::string, const Expr*> hostDefinitions_;  // each host value's expression (LargestRowsTimesColumns)
  size_t sizeCombination_ = kNoCombination;  // which combination sizeof(T) evaluates in
  int currentStage_ = -1;
  int sequence_ = 0;  // orders copy-ins and results, for element counts
  std::map<std::string, std::pair<ElementCount, int>> lastCount_;
  std::map<std::string, size_t> lastCopyIn_;
  std::set<std::string> multiplied_;  // accumulators a matmul statement assigns, in source order so far  // each buffer's last copy-in, an index into model_.copies
  Definitions scalarDefinitions_;  // the bindings of each kernel scalar that reach the statement checked
  std::set<std::string> brokenBuffers_;  // declared with an error: no slice or budget checks echo it
  // The `descending` of the sort_rows whose pairs each pairs buffer holds, in source order (CheckSortOrder).
  std::map<std::string, const Expr*> pairOrder_;
  std::vector<ValueKind> scalarKinds_;  // the scalar arguments' kinds of the compute statement checked
};

}  // namespace

ProgramModel BuildModel(const Program& program, const std::string& fileName, std::vector<Diagnostic>& diagnostics) {
  return Checker(program, fileName, diagnostics).Run();
}

}  // namespace akgen::craft
