#include "craft/check/interval.h"

#include <algorithm>
#include <vector>

namespace akgen::craft {
namespace {

using Bound = std::optional<int64_t>;

Bound Add(Bound a, Bound b) {
  int64_t sum = 0;
  if (!a || !b || __builtin_add_overflow(*a, *b, &sum)) return std::nullopt;
  return sum;
}
Bound Sub(Bound a, Bound b) {
  int64_t difference = 0;
  if (!a || !b || __builtin_sub_overflow(*a, *b, &difference)) return std::nullopt;
  return difference;
}
Bound Mul(Bound a, Bound b) {
  int64_t product = 0;
  if (!a || !b || __builtin_mul_overflow(*a, *b, &product)) return std::nullopt;
  return product;
}
Bound CeilDiv(Bound a, Bound b) {
  if (!a || !b || *b <= 0 || *a < 0) return std::nullopt;
  return *a / *b + (*a % *b != 0);
}
Bound FloorDiv(Bound a, Bound b) {
  if (!a || !b || *b <= 0 || *a < 0) return std::nullopt;
  return *a / *b;
}
Bound AlignUp(Bound a, Bound b) { return Mul(CeilDiv(a, b), b); }

// Division-like operators on non-negative operands: monotone up in a, down in b.
Interval Divide(const Interval& a, const Interval& b, Bound (*divide)(Bound, Bound)) {
  if (!a.NonNegative() || !b.low || *b.low < 1) return {};
  Interval result;
  result.low = b.high ? divide(a.low, b.high) : Bound(0);
  result.high = divide(a.high, b.low);
  return result;
}

Interval EvaluateCall(const Expr& call, const IntervalScope& scope) {
  const std::string& f = call.name;
  std::vector<Interval> args;
  if (f == "sizeof") {
    if (call.operands.size() != 1 || call.operands[0].kind != ExprKind::Name) return {};
    Bound size = scope.sizeOf(call.operands[0].name);
    return size ? Interval::Exactly(*size) : Interval{};
  }
  for (const Expr& operand : call.operands) args.push_back(Evaluate(operand, scope));
  if (f == "numel" || f == "dim" || f == "rows" || f == "len" || f == "rank") return Interval::AtLeast(0);
  if ((f == "min" || f == "max") && !args.empty()) {
    // min: any bounded argument bounds the result from above; max: from below.
    bool isMin = f == "min";
    Interval result = args[0];
    for (size_t i = 1; i < args.size(); ++i) {
      const Interval& arg = args[i];
      auto pick = [isMin](Bound a, Bound b, bool towardSmaller) -> Bound {
        if (towardSmaller == isMin) {  // the side where one known value suffices
          if (!a) return b;
          if (!b) return a;
        } else if (!a || !b) {
          return std::nullopt;
        }
        return isMin ? std::min(*a, *b) : std::max(*a, *b);
      };
      result = {pick(result.low, arg.low, false), pick(result.high, arg.high, true)};
    }
    return result;
  }
  if (args.size() != 2) {
    if (f == "abs" && args.size() == 1 && args[0].NonNegative()) return args[0];
    return {};
  }
  if (f == "cdiv") return Divide(args[0], args[1], CeilDiv);
  if (f == "align_up" || f == "align_down") {
    Bound unit = args[1].Constant();
    if (!unit || *unit <= 0 || !args[0].NonNegative()) return {};
    if (f == "align_up") return {AlignUp(args[0].low, unit), AlignUp(args[0].high, unit)};
    return {Mul(FloorDiv(args[0].low, unit), unit), args[0].high};
  }
  return {};
}

Interval EvaluateBinary(const Expr& expr, const IntervalScope& scope) {
  Interval a = Evaluate(expr.operands[0], scope);
  Interval b = Evaluate(expr.operands[1], scope);
  const std::string& op = expr.name;
  if (op == "+") return {Add(a.low, b.low), Add(a.high, b.high)};
  if (op == "-") return {Sub(a.low, b.high), Sub(a.high, b.low)};
  if (op == "*") {
    if (!a.NonNegative() || !b.NonNegative()) return {};
    return {Mul(a.low, b.low), Mul(a.high, b.high)};
  }
  if (op == "//") return Divide(a, b, FloorDiv);
  if (op == "%") {
    if (!a.NonNegative() || !b.low || *b.low < 1) return {};
    return {0, b.high ? Sub(b.high, 1) : a.high};
  }
  return {};
}

}  // namespace

std::optional<int64_t> Interval::Constant() const {
  if (low && high && *low == *high) return low;
  return std::nullopt;
}

Interval Interval::Within(const Interval& bounds) const {
  Interval narrowed = *this;
  if (bounds.high) narrowed.high = high ? std::min(*high, *bounds.high) : bounds.high;
  if (bounds.low) narrowed.low = low ? std::max(*low, *bounds.low) : bounds.low;
  return narrowed;
}

Interval Evaluate(const Expr& expr, const IntervalScope& scope) {
  switch (expr.kind) {
    case ExprKind::Integer: return Interval::Exactly(expr.integer);
    case ExprKind::Name: return scope.value(expr.name);
    case ExprKind::Unary: {
      if (expr.name != "-") return {};
      Interval inner = Evaluate(expr.operands[0], scope);
      return {Sub(0, inner.high), Sub(0, inner.low)};
    }
    case ExprKind::Binary: return EvaluateBinary(expr, scope);
    case ExprKind::Conditional: {
      Interval then = Evaluate(expr.operands[0], scope);
      Interval otherwise = Evaluate(expr.operands[2], scope);
      auto lower = [](Bound a, Bound b) { return a && b ? Bound(std::min(*a, *b)) : std::nullopt; };
      auto upper = [](Bound a, Bound b) { return a && b ? Bound(std::max(*a, *b)) : std::nullopt; };
      return {lower(then.low, otherwise.low), upper(then.high, otherwise.high)};
    }
    case ExprKind::Call: return EvaluateCall(expr, scope);
    default: return {};
  }
}

}  // namespace akgen::craft
