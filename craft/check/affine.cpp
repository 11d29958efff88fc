#include "craft/check/affine.h"

#include "craft/check/expr_text.h"

namespace akgen::craft {
namespace {

std::optional<AffineForm> Scaled(AffineForm form, int64_t factor) {
  if (__builtin_mul_overflow(form.constant, factor, &form.constant)) return std::nullopt;
  for (auto term = form.terms.begin(); term != form.terms.end();) {
    if (factor == 0) {
      term = form.terms.erase(term);
      continue;
    }
    if (__builtin_mul_overflow(term->second, factor, &term->second)) return std::nullopt;
    ++term;
  }
  return form;
}

std::optional<AffineForm> Sum(AffineForm a, const AffineForm& b) {
  if (__builtin_add_overflow(a.constant, b.constant, &a.constant)) return std::nullopt;
  for (const auto& [text, coefficient] : b.terms) {
    int64_t& total = a.terms[text];
    if (__builtin_add_overflow(total, coefficient, &total)) return std::nullopt;
    if (total == 0) a.terms.erase(text);
  }
  return a;
}

bool IsConstant(const AffineForm& form) { return form.terms.empty(); }

AffineForm Opaque(const Expr& expr) {
  AffineForm form;
  form.terms[ExprText(expr)] = 1;
  return form;
}

}  // namespace

std::optional<AffineForm> Affine(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::Integer: return AffineForm{expr.integer, {}};
    case ExprKind::Name: return Opaque(expr);
    case ExprKind::Unary: {
      if (expr.name != "-") return std::nullopt;
      std::optional<AffineForm> operand = Affine(expr.operands[0]);
      return operand ? Scaled(*operand, -1) : std::nullopt;
    }
    case ExprKind::Binary: {
      if (expr.name != "+" && expr.name != "-" && expr.name != "*") {
        // `//`, `%`, comparisons: a whole term when its operands are integers.
        if (expr.name != "//" && expr.name != "%") return std::nullopt;
        if (!Affine(expr.operands[0]) || !Affine(expr.operands[1])) return std::nullopt;
        return Opaque(expr);
      }
      std::optional<AffineForm> left = Affine(expr.operands[0]);
      std::optional<AffineForm> right = Affine(expr.operands[1]);
      if (!left || !right) return std::nullopt;
      if (expr.name == "+") return Sum(*left, *right);
      if (expr.name == "-") {
        std::optional<AffineForm> negated = Scaled(*right, -1);
        return negated ? Sum(*left, *negated) : std::nullopt;
      }
      if (IsConstant(*left)) return Scaled(*right, left->constant);
      if (IsConstant(*right)) return Scaled(*left, right->constant);
      return Opaque(expr);
    }
    case ExprKind::Call:
    case ExprKind::Element:
    case ExprKind::Conditional: {
      for (const Expr& operand : expr.operands) {
        if (!Affine(operand)) return std::nullopt;
      }
      return Opaque(expr);
    }
    default: return std::nullopt;
  }
}

bool SameValue(const Expr& a, const Expr& b) {
  if (SameExpr(a, b)) return true;
  std::optional<AffineForm> left = Affine(a);
  std::optional<AffineForm> right = Affine(b);
  return left && right && *left == *right;
}

Expr Difference(const Expr& stop, const Expr& start) {
  std::optional<AffineForm> form;
  if (std::optional<AffineForm> high = Affine(stop), low = Affine(start); high && low) {
    if (std::optional<AffineForm> negated = Scaled(*low, -1)) form = Sum(*high, *negated);
  }
  Expr result;
  result.at = stop.at;
  if (form && IsConstant(*form)) {
    result.kind = ExprKind::Integer;
    result.integer = form->constant;
    return result;
  }
  // A single term of coefficient 1 that is also one of the operands' own subexpressions keeps
  // its spelling: `off + len` minus `off` is `len` as written.
  if (form && form->constant == 0 && form->terms.size() == 1 && form->terms.begin()->second == 1) {
    for (const Expr* side : {&stop, &start}) {
      for (const Expr& operand : side->operands) {
        if (ExprText(operand) == form->terms.begin()->first) return operand;
      }
      if (ExprText(*side) == form->terms.begin()->first) return *side;
    }
  }
  result.kind = ExprKind::Binary;
  result.name = "-";
  result.operands = {stop, start};
  return result;
}

}  // namespace akgen::craft
