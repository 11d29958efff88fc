// The host body (docs/dsl.md, "Host") as the tiling function over gert::TilingContext, and the
// tiling struct that carries every host value the kernel reads.
#pragma once
#include <string>
#include <vector>

#include "craft/check/program_model.h"
#include "craft/lower/scalar_expression.h"
#include "craft/syntax/ast.h"

namespace akgen::craft::lower {

// One field of `<Op>TilingData`: a host binding or an attribute the kernel reads.
struct TilingField {
  std::string name;
  ScalarType type = ScalarType::Int;  // int64_t, float or uint8_t in the struct
  std::string rationale;
  int arrayLength = 0;  // an array of that many uint32_t values; 0 for one value of `type`
};

struct TilingFunction {
  std::vector<TilingField> fields;  // in host order, then the attributes
  std::vector<std::string> helpers;  // file-scope helper definitions the body calls
  std::string body;                  // `static ge::graphStatus TilingFunc(...) {...}`, indented 0
};

// Throws std::invalid_argument for a host construct the lowering does not support.
TilingFunction LowerTilingFunction(const Program& program, const ProgramModel& model);
// op_host/<kernel>_tiling.h.
std::string TilingHeader(const Program& program, const std::string& kernelName, const std::vector<TilingField>& fields);
// The C++ type of a tiling field.
std::string FieldType(ScalarType type);
// The tiling fields that carry the element counts of a list's first tensors (kListCounts of them at
// most, and only while each is below 2^32) and how many of them the array holds.
constexpr int kListCounts = 64;
std::string ListCountsField(const std::string& list);
std::string ListCountedField(const std::string& list);
// The tiling field holding the element count of a tensor the kernel needs the size of: a workspace
// tensor (`acc = workspace(f32, n)`), or an output the host zeroes (`zero(y)`).
std::string ElementsField(const std::string& tensor);
// How an attribute of this kind is held on the host, and the RuntimeAttrs getter that reads it.
ScalarType AttrType(AttrKind kind);
const char* AttrGetter(AttrKind kind);
// `len(a)`, `a[i]` and `prod(a)` of a list attribute `a`, read from `context->GetAttrs()` (the
// tiling's and InferShape's contexts both have it); nullopt for any other expression. `index`
// translates the element's index.
std::optional<CppExpression> ListAttrRead(const OpHeader& op, const Expr& expression, ScalarTranslator& index);
// The position of an input among the op's inputs.
int InputIndex(const OpHeader& op, const std::string& input);

}  // namespace akgen::craft::lower
