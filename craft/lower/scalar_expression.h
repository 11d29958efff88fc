// Host and kernel scalar expressions (docs/dsl.md, "Host" and "Kernel") as C++ expressions. The
// host side reads shapes and attributes from gert::TilingContext; the kernel side reads tiling
// fields and kernel scalars. Both share the operators, literals and the arithmetic builtins.
#pragma once
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "craft/syntax/ast.h"

namespace akgen::craft::lower {

enum class ScalarType { Int, Float, Bool, String };  // String: host only (str attributes)

struct CppExpression {
  std::string text;
  ScalarType type = ScalarType::Int;
  int precedence = 0;  // C++ binding strength: 0 for primaries and calls, larger binds looser
};

enum class Side { Host, Kernel };

// What a side knows beyond the shared builtins: its names and its own calls (numel, dim, ...;
// the kernel's element reads `x[i]` come to `call` too).
struct ScalarNames {
  std::function<std::optional<CppExpression>(const std::string& name)> name;
  std::function<std::optional<CppExpression>(const Expr& call)> call;
};

class ScalarTranslator {
 public:
  ScalarTranslator(Side side, ScalarNames names) : side_(side), names_(std::move(names)) {}

  // Throws std::invalid_argument for a name or call neither the side nor the builtins know.
  CppExpression Translate(const Expr& expression);
  // The C++ spelling of a scalar type on this side (int64_t, float or double, bool).
  std::string TypeName(ScalarType type) const;
  // Marks a helper (CeilDiv, AlignUpTo, AlignDownTo, ScalarMin, ScalarMax, ScalarAbs) as called.
  void UseHelper(const std::string& name) { helpers_.insert(name); }
  // Definitions of the helper functions (CeilDiv, AlignUpTo, ...) the translated expressions call.
  std::vector<std::string> HelperDefinitions() const;

 private:
  CppExpression Builtin(const Expr& call);
  CppExpression Binary(const Expr& expression);
  std::string Operand(const Expr& expression, int parentPrecedence, bool rightOperand);

  Side side_;
  ScalarNames names_;
  std::set<std::string> helpers_;
};

// The names an expression mentions, in order of first appearance (callee names excluded).
void CollectNames(const Expr& expression, std::vector<std::string>& names);
// A C++ string literal.
std::string Quote(const std::string& text);
// The expression as the operand of `*` or `-`: parenthesised unless it binds at least as tightly.
std::string Wrapped(const CppExpression& expression);
// A floating-point literal that reads back to the same value.
std::string FloatLiteral(double value, Side side);

}  // namespace akgen::craft::lower
