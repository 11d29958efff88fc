// Integer value ranges of host and kernel expressions: constant folding where everything is
// known, and upper bounds through `min(...)`, for the UB budget and slice bounds.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "craft/syntax/ast.h"

namespace akgen::craft {

struct Interval {
  std::optional<int64_t> low;
  std::optional<int64_t> high;

  static Interval Exactly(int64_t value) { return {value, value}; }
  static Interval AtLeast(int64_t value) { return {value, std::nullopt}; }
  std::optional<int64_t> Constant() const;
  // This range narrowed to `bounds` where they are known.
  Interval Within(const Interval& bounds) const;
  bool NonNegative() const { return low && *low >= 0; }
};

// What a name is worth, and the byte size sizeof() gives for a dtype or dtype variable name.
struct IntervalScope {
  std::function<Interval(const std::string& name)> value;
  std::function<std::optional<int64_t>(const std::string& dtypeName)> sizeOf;
};

// Unknown when the expression is not an integer expression the rules cover.
Interval Evaluate(const Expr& expr, const IntervalScope& scope);

}  // namespace akgen::craft
