// Expressions as a program writes them, for diagnostics, and structural equality, for telling
// whether two slices have the same length.
#pragma once
#include <string>

#include "craft/syntax/ast.h"

namespace akgen::craft {

std::string ExprText(const Expr& expr);
bool SameExpr(const Expr& a, const Expr& b);

}  // namespace akgen::craft
