#include "craft/lower/scalar_expression.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <stdexcept>

namespace akgen::craft::lower {
namespace {

// C++ precedence ranks (smaller binds tighter) of the operators craft shares with C++.
int Precedence(const std::string& op) {
  static const std::map<std::string, int> ranks{
      {"*", 5}, {"/", 5}, {"//", 5}, {"%", 5}, {"+", 6},  {"-", 6},   {"<", 9},  {"<=", 9},
      {">", 9}, {">=", 9}, {"==", 10}, {"!=", 10}, {"and", 14}, {"or", 15},
  };
  const auto rank = ranks.find(op);
  if (rank == ranks.end()) throw std::invalid_argument("unsupported operator " + op);
  return rank->second;
}

std::string CppOperator(const std::string& op) {
  if (op == "and") return "&&";
  if (op == "or") return "||";
  if (op == "//") return "/";
  return op;
}

ScalarType Wider(ScalarType a, ScalarType b) {
  return a == ScalarType::Float || b == ScalarType::Float ? ScalarType::Float : ScalarType::Int;
}

struct HelperText {
  const char* name;
  const char* host;
  const char* kernel;
};

// Each helper in both spellings; integer arguments (the DSL's builtins take whole numbers).
constexpr HelperText kHelpers[] = {
    {"CeilDiv", "static int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }",
     "__aicore__ inline int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }"},
    {"AlignUpTo", "static int64_t AlignUpTo(int64_t a, int64_t b) { return (a + b - 1) / b * b; }",
     "__aicore__ inline int64_t AlignUpTo(int64_t a, int64_t b) { return (a + b - 1) / b * b; }"},
    {"AlignDownTo", "static int64_t AlignDownTo(int64_t a, int64_t b) { return a / b * b; }",
     "__aicore__ inline int64_t AlignDownTo(int64_t a, int64_t b) { return a / b * b; }"},
    {"ScalarMin", "", "template <typename V>\n__aicore__ inline V ScalarMin(V a, V b) { return a < b ? a : b; }"},
    {"ScalarMax", "", "template <typename V>\n__aicore__ inline V ScalarMax(V a, V b) { return a > b ? a : b; }"},
    {"ScalarAbs", "", "template <typename V>\n__aicore__ inline V ScalarAbs(V a) { return a < 0 ? -a : a; }"},
};

}  // namespace

std::string FloatLiteral(double value, Side side) {
  char buffer[64];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  std::string text(buffer, end);
  if (text.find_first_of(".en") == std::string::npos) text += ".0";
  if (text.find('e') != std::string::npos && text.find('.') == std::string::npos) {
    text.insert(text.find('e'), ".0");
  }
  return side == Side::Kernel ? text + "f" : text;
}

std::string Wrapped(const CppExpression& expression) {
  return expression.precedence > 5 ? "(" + expression.text + ")" : expression.text;
}

std::string Quote(const std::string& text) {
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

void CollectNames(const Expr& expression, std::vector<std::string>& names) {
  if (expression.kind == ExprKind::Name &&
      std::find(names.begin(), names.end(), expression.name) == names.end()) {
    names.push_back(expression.name);
  }
  for (const Expr& operand : expression.operands) CollectNames(operand, names);
  for (const KeywordArgument& keyword : expression.keywords) {
    for (const Expr& value : keyword.value) CollectNames(value, names);
  }
}

std::string ScalarTranslator::TypeName(ScalarType type) const {
  switch (type) {
    case ScalarType::Int: return "int64_t";
    case ScalarType::Float: return side_ == Side::Host ? "double" : "float";
    case ScalarType::Bool: return "bool";
    case ScalarType::String: return "std::string";
  }
  return "int64_t";
}

std::vector<std::string> ScalarTranslator::HelperDefinitions() const {
  std::vector<std::string> definitions;
  for (const HelperText& helper : kHelpers) {
    if (helpers_.count(helper.name)) definitions.emplace_back(side_ == Side::Host ? helper.host : helper.kernel);
  }
  return definitions;
}

std::string ScalarTranslator::Operand(const Expr& expression, int parentPrecedence, bool rightOperand) {
  const CppExpression operand = Translate(expression);
  const bool wrap = operand.precedence > parentPrecedence || (rightOperand && operand.precedence == parentPrecedence);
  return wrap ? "(" + operand.text + ")" : operand.text;
}

CppExpression ScalarTranslator::Binary(const Expr& expression) {
  const std::string& op = expression.name;
  if (op == "**") {
    return {"std::pow(" + Translate(expression.operands[0]).text + ", " + Translate(expression.operands[1]).text + ")",
            ScalarType::Float, 0};
  }
  const int precedence = Precedence(op);
  const CppExpression left = Translate(expression.operands[0]);
  const CppExpression right = Translate(expression.operands[1]);
  ScalarType type = Wider(left.type, right.type);
  if (precedence >= 9) type = ScalarType::Bool;
  std::string leftText = Operand(expression.operands[0], precedence, false);
  if (op == "/" && left.type == ScalarType::Int && right.type == ScalarType::Int) {
    // `/` is true division: the quotient of two integers is a float.
    leftText = "static_cast<" + TypeName(ScalarType::Float) + ">(" + left.text + ")";
    type = ScalarType::Float;
  }
  return {leftText + " " + CppOperator(op) + " " + Operand(expression.operands[1], precedence, true), type,
          precedence};
}

CppExpression ScalarTranslator::Builtin(const Expr& call) {
  const std::string& f = call.name;
  std::vector<CppExpression> args;
  for (const Expr& operand : call.operands) args.push_back(Translate(operand));
  auto joined = [&] {
    std::string text;
    for (const CppExpression& arg : args) text += (text.empty() ? "" : ", ") + arg.text;
    return text;
  };
  if ((f == "min" || f == "max") && args.size() >= 2) {
    // min(a, b, c) is min(min(a, b), c): the helpers take two arguments.
    const std::string function = side_ == Side::Host ? "std::" + f : (f == "min" ? "ScalarMin" : "ScalarMax");
    if (side_ == Side::Kernel) helpers_.insert(function);
    CppExpression folded = args[0];
    for (size_t i = 1; i < args.size(); ++i) {
      const ScalarType type = Wider(folded.type, args[i].type);
      folded = {function + "<" + TypeName(type) + ">(" + folded.text + ", " + args[i].text + ")", type, 0};
    }
    return folded;
  }
  if (f == "abs" && args.size() == 1) {
    if (side_ == Side::Kernel) helpers_.insert("ScalarAbs");
    return {(side_ == Side::Host ? "std::abs(" : "ScalarAbs(") + joined() + ")", args[0].type, 0};
  }
  if ((f == "ceil" || f == "floor") && args.size() == 1) {
    return {"static_cast<int64_t>(std::" + f + "(" + joined() + "))", ScalarType::Int, 0};
  }
  static const std::map<std::string, std::string> integerHelpers{
      {"cdiv", "CeilDiv"}, {"align_up", "AlignUpTo"}, {"align_down", "AlignDownTo"}};
  const auto helper = integerHelpers.find(f);
  if (helper != integerHelpers.end() && args.size() == 2) {
    helpers_.insert(helper->second);
    return {helper->second + "(" + joined() + ")", ScalarType::Int, 0};
  }
  throw std::invalid_argument("unsupported call " + f + "()");
}

CppExpression ScalarTranslator::Translate(const Expr& expression) {
  switch (expression.kind) {
    case ExprKind::Integer: return {std::to_string(expression.integer), ScalarType::Int, 0};
    case ExprKind::Float: return {FloatLiteral(expression.number, side_), ScalarType::Float, 0};
    case ExprKind::Bool: return {expression.boolean ? "true" : "false", ScalarType::Bool, 0};
    case ExprKind::String: return {Quote(expression.name), ScalarType::String, 0};
    case ExprKind::Name: {
      if (auto resolved = names_.name(expression.name)) return *resolved;
      throw std::invalid_argument("unknown scalar " + expression.name);
    }
    case ExprKind::Unary: {
      const bool negation = expression.name == "not";
      const CppExpression operand = Translate(expression.operands[0]);
      const std::string text = operand.precedence > 3 ? "(" + operand.text + ")" : operand.text;
      return {(negation ? "!" : "-") + text, negation ? ScalarType::Bool : operand.type, 3};
    }
    case ExprKind::Binary: return Binary(expression);
    case ExprKind::Conditional: {
      const CppExpression then = Translate(expression.operands[0]);
      const CppExpression otherwise = Translate(expression.operands[2]);
      return {Operand(expression.operands[1], 15, false) + " ? " + Operand(expression.operands[0], 16, false) + " : " +
                  Operand(expression.operands[2], 16, false),
              then.type == otherwise.type ? then.type : Wider(then.type, otherwise.type), 16};
    }
    case ExprKind::Call: {
      if (auto own = names_.call(expression)) return *own;
      return Builtin(expression);
    }
    case ExprKind::Element: {
      if (auto own = names_.call(expression)) return *own;
      throw std::invalid_argument("an element of " + expression.name + " read here");
    }
  }
  throw std::invalid_argument("unsupported expression");
}

}  // namespace akgen::craft::lower
