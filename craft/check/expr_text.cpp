#include "craft/check/expr_text.h"

#include <sstream>

namespace akgen::craft {

std::string ExprText(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::Integer: return std::to_string(expr.integer);
    case ExprKind::Float: {
      std::ostringstream text;
      text << expr.number;
      return text.str();
    }
    case ExprKind::Bool: return expr.boolean ? "true" : "false";
    case ExprKind::Name: return expr.name;
    case ExprKind::String: return "\"" + expr.name + "\"";
    case ExprKind::Element: return expr.name + "[" + ExprText(expr.operands[0]) + "]";
    case ExprKind::Unary:
      return expr.name == "not" ? "not " + ExprText(expr.operands[0]) : "-" + ExprText(expr.operands[0]);
    case ExprKind::Binary:
      return "(" + ExprText(expr.operands[0]) + " " + expr.name + " " + ExprText(expr.operands[1]) + ")";
    case ExprKind::Conditional:
      return "(" + ExprText(expr.operands[0]) + " if " + ExprText(expr.operands[1]) + " else " +
             ExprText(expr.operands[2]) + ")";
    case ExprKind::Call: {
      std::string text = expr.name + "(";
      for (size_t i = 0; i < expr.operands.size(); ++i) text += (i ? ", " : "") + ExprText(expr.operands[i]);
      for (const KeywordArgument& keyword : expr.keywords)
        text += (text.back() == '(' ? "" : ", ") + keyword.name + "=" + ExprText(keyword.value[0]);
      return text + ")";
    }
  }
  return "";
}

bool SameExpr(const Expr& a, const Expr& b) {
  if (a.kind != b.kind || a.name != b.name || a.integer != b.integer || a.number != b.number ||
      a.boolean != b.boolean || a.operands.size() != b.operands.size() || a.keywords.size() != b.keywords.size())
    return false;
  for (size_t i = 0; i < a.operands.size(); ++i)
    if (!SameExpr(a.operands[i], b.operands[i])) return false;
  for (size_t i = 0; i < a.keywords.size(); ++i)
    if (a.keywords[i].name != b.keywords[i].name || !SameExpr(a.keywords[i].value[0], b.keywords[i].value[0]))
      return false;
  return true;
}

}  // namespace akgen::craft
