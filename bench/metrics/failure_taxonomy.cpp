#include "bench/metrics/failure_taxonomy.h"

#include <array>
#include <utility>

namespace akgen::bench {
namespace {

bool HasAny(std::string_view text, std::initializer_list<std::string_view> needles) {
  for (const std::string_view needle : needles)
    if (text.find(needle) != std::string_view::npos) return true;
  return false;
}

// The name in `'NAME' was not declared`, or "".
std::string UndeclaredName(std::string_view message) {
  const size_t open = message.find('\'');
  const size_t close = open == std::string_view::npos ? open : message.find('\'', open + 1);
  if (close == std::string_view::npos) return "";
  return std::string(message.substr(open + 1, close - open - 1));
}

// `'class AscendC::TQue<…>' has no member named 'GetSize'`: the library's object, not the kernel's own class.
bool MissingMemberOfAscendCObject(std::string_view message) {
  const size_t missing = message.find("has no member named");
  if (missing == std::string_view::npos) return false;
  return message.substr(0, missing).find("AscendC::") != std::string_view::npos;
}

}  // namespace

std::string FirstCompileError(std::string_view log) {
  size_t lineStart = 0;
  while (lineStart < log.size()) {
    size_t lineEnd = log.find('\n', lineStart);
    if (lineEnd == std::string_view::npos) lineEnd = log.size();
    const std::string_view line = log.substr(lineStart, lineEnd - lineStart);
    if (const size_t at = line.find("error:"); at != std::string_view::npos) {
      std::string message(line.substr(at + 6));
      for (const std::string_view quote : {"\xE2\x80\x98", "\xE2\x80\x99"}) {
        for (size_t found = message.find(quote); found != std::string::npos; found = message.find(quote))
          message.replace(found, quote.size(), "'");
      }
      return message;
    }
    lineStart = lineEnd + 1;
  }
  return "";
}

std::string CompileErrorClass(std::string_view compilerLog) {
  const std::string message = FirstCompileError(compilerLog);
  if (message.find("[device-code]") != std::string::npos) return "memory-object";
  if (HasAny(message, {"#error", "macro \"", "preprocessor", "#if", "#endif", "#else", "No such file or directory",
                       "unterminated argument list", "invalid preprocessing directive", "pasting"}))
    return "macro";
  if (HasAny(message, {"no matching function", "no matching member function", "too many arguments",
                       "too few arguments", "is ambiguous", "wrong number of template arguments",
                       "is not a member of 'AscendC'", "template argument deduction"}))
    return "api-signature";
  if (HasAny(message, {"cannot convert", "invalid conversion", "narrowing conversion", "non-scalar type",
                       "invalid cast", "invalid static_cast", "does not name a type", "could not convert"}))
    return "dtype-cast";
  if (message.find("was not declared") != std::string::npos) {
    const std::string name = UndeclaredName(message);
    return name.size() > 2 && name.ends_with("_t") ? "dtype-cast" : "scope";
  }
  if (MissingMemberOfAscendCObject(message) ||
      HasAny(message, {"invalid use of", "lvalue required", "use of deleted function", "discards qualifiers",
                       "invalid type argument", "cannot bind", "incomplete type", "invalid operands"}))
    return "memory-object";
  if (HasAny(message, {"undeclared", "not captured", "is not a member of"})) return "scope";
  if (HasAny(message, {"expected ", "stray '", "has no member named", "redefinition of", "missing terminating",
                       "invalid suffix", "extra qualification", "was not closed", "cannot be used as a function"}))
    return "syntax";
  return "other";
}

std::optional<std::string> FailureClass(const ResultRecord& record) {
  switch (record.verdict) {
    case Verdict::Pass:
    case Verdict::Timed:
    case Verdict::TaskError:
      return std::nullopt;
    case Verdict::CompileError:
      return "compile:" + CompileErrorClass(record.details.value("detail", ""));
    case Verdict::SimError:
      return "runtime:" + record.details.value("diagnostic_kind", "");
    default:
      return ToString(record.verdict);
  }
}

}  // namespace akgen::bench
