// Integer expressions in affine normal form (a constant plus integer multiples of terms), so that
// slice lengths compare by value rather than by spelling: `(9 - 8)` is `1`, `off + len - off` is
// `len`, `h + h - h` is `h`. A term is a name, or any other subexpression taken as a whole.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "craft/syntax/ast.h"

namespace akgen::craft {

struct AffineForm {
  int64_t constant = 0;
  std::map<std::string, int64_t> terms;  // by the term's text; no zero coefficients

  bool operator==(const AffineForm&) const = default;
};

// nullopt for a float, bool or string, or when a coefficient would overflow.
std::optional<AffineForm> Affine(const Expr& expr);

// Whether the two integer expressions have the same value for every value of their names.
bool SameValue(const Expr& a, const Expr& b);

// `stop - start`, written as simply as its form allows (a constant, a single name, or the difference).
Expr Difference(const Expr& stop, const Expr& start);

}  // namespace akgen::craft
