#include "craft/syntax/lexer.h"

#include <array>
#include <cctype>
#include <charconv>
#include <string_view>

namespace akgen::craft {
namespace {

constexpr std::array<std::string_view, 21> kKeywords = {
    "op", "input", "output", "attr", "dtypes", "like", "host", "kernel", "for", "in", "if",
    "elif", "else", "copyin", "compute", "copyout", "and", "or", "not", "true", "false"};
// Python's keywords among them: no task's parameter can have these names, so they stay reserved.
// The others are keywords only where they open their construct (`input x: T`, `copyin:`).
constexpr std::array<std::string_view, 10> kReserved = {"for", "in", "if", "elif", "else",
                                                        "and", "or", "not", "true", "false"};

// Longest first, so `//` wins over `/` and `<=` over `<`.
constexpr std::array<std::string_view, 21> kOperators = {"**", "//", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%",
                                                         "<",  ">",  "=",  ",",  ":",  "(",  ")", "[", "]", "."};

bool IsNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool IsNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

std::string Trim(std::string_view text) {
  size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return "";
  size_t last = text.find_last_not_of(" \t\r");
  return std::string(text.substr(first, last - first + 1));
}

class Lexer {
 public:
  explicit Lexer(const std::string& source) : source_(source) {}

  LexResult Run() {
    while (!AtEnd()) {
      if (atLineStart_ && brackets_.empty()) {
        if (!StartLine()) continue;
      }
      ScanToken();
    }
    if (!brackets_.empty())
      Error(brackets_.back(), "this bracket is never closed", "close it before the end of the file");
    if (lineHasCode_) Emit(TokenKind::Newline, Here(), "");
    for (size_t level = 1; level < indents_.size(); ++level) Emit(TokenKind::Dedent, Here(), "");
    Emit(TokenKind::End, Here(), "");
    return std::move(result_);
  }

 private:
  bool AtEnd() const { return pos_ >= source_.size(); }
  char Peek(size_t ahead = 0) const { return pos_ + ahead < source_.size() ? source_[pos_ + ahead] : '\0'; }
  SourcePosition Here() const { return {line_, column_}; }

  void Advance() {
    if (source_[pos_] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    ++pos_;
  }

  void Emit(TokenKind kind, SourcePosition at, std::string text) {
    Token token;
    token.kind = kind;
    token.at = at;
    token.text = std::move(text);
    result_.tokens.push_back(std::move(token));
  }

  // Past this many, a file of garbage would only cost time: the parser reports fewer anyway.
  static constexpr size_t kMaxErrors = 50;

  void Error(SourcePosition at, std::string message, std::string hint) {
    if (result_.errors.size() < kMaxErrors) result_.errors.push_back({at, std::move(message), std::move(hint)});
  }

  // Measures the indentation of a new line. Blank and comment-only lines do not count: returns
  // false after consuming them. Otherwise emits the Indent/Dedent tokens and returns true.
  bool StartLine() {
    int width = 0;
    while (Peek() == ' ' || Peek() == '\t') {
      if (Peek() == '\t')
        Error(Here(), "a tab in indentation", "indent with spaces only (the craft DSL counts spaces)");
      ++width;
      Advance();
    }
    if (AtEnd()) return false;
    if (Peek() == '#' || Peek() == '\n' || (Peek() == '\r' && Peek(1) == '\n')) {
      SkipRestOfLine();
      return false;
    }
    atLineStart_ = false;
    if (width > indents_.back()) {
      indents_.push_back(width);
      Emit(TokenKind::Indent, Here(), "");
    } else {
      while (width < indents_.back()) {
        indents_.pop_back();
        Emit(TokenKind::Dedent, Here(), "");
      }
      if (width != indents_.back()) {
        Error(Here(), "this line's indentation matches no enclosing block",
              "indent it exactly as far as the block it belongs to");
      }
    }
    return true;
  }

  // A comment-only or blank line, up to and including its line break.
  void SkipRestOfLine() {
    if (Peek() == '#') ScanComment();
    while (!AtEnd() && Peek() != '\n') Advance();
    if (!AtEnd()) Advance();
  }

  void ScanComment() {
    int line = line_;
    size_t start = pos_ + 1;
    while (!AtEnd() && Peek() != '\n') Advance();
    std::string text = Trim(std::string_view(source_).substr(start, pos_ - start));
    if (lineHasCode_)
      result_.comments.trailing[line] = text;
    else
      result_.comments.ownLine[line] = text;
  }

  void ScanToken() {
    char c = Peek();
    if (c == ' ' || c == '\t' || c == '\r') {
      Advance();
    } else if (c == '\n') {
      if (!brackets_.empty() && NextLineIndent() <= indents_.back()) {
        // A continuation line is indented further than the line that opened the bracket; one
        // that is not starts a new statement, so the bracket was left open by mistake.
        Error(brackets_.front(), "this bracket is never closed", "close it on its line or on a further indented one");
        brackets_.clear();
      }
      if (brackets_.empty() && lineHasCode_) Emit(TokenKind::Newline, Here(), "");
      Advance();
      if (brackets_.empty()) {
        atLineStart_ = true;
        lineHasCode_ = false;
      }
    } else if (c == '#') {
      ScanComment();
    } else if (IsDigit(c)) {
      ScanNumber();
    } else if (IsNameStart(c)) {
      ScanName();
    } else if (c == '"' || c == '\'') {
      ScanString();
    } else {
      ScanOperator();
    }
  }

  // The indentation of the next line with code after the current position's line break; -1 at
  // the end of the file, which closes every bracket.
  int NextLineIndent() const {
    size_t at = pos_ + 1;
    while (at < source_.size()) {
      int width = 0;
      while (at < source_.size() && (source_[at] == ' ' || source_[at] == '\t')) {
        ++width;
        ++at;
      }
      if (at < source_.size() && source_[at] != '\n' && source_[at] != '\r' && source_[at] != '#') return width;
      while (at < source_.size() && source_[at] != '\n') ++at;
      ++at;
    }
    return -1;
  }

  void ScanName() {
    SourcePosition at = Here();
    size_t start = pos_;
    while (!AtEnd() && IsNameChar(Peek())) Advance();
    lineHasCode_ = true;
    Emit(TokenKind::Name, at, source_.substr(start, pos_ - start));
  }

  void ScanNumber() {
    SourcePosition at = Here();
    size_t start = pos_;
    lineHasCode_ = true;
    if (Peek() == '0' && (Peek(1) == 'x' || Peek(1) == 'X')) {
      Advance();
      Advance();
      size_t digits = pos_;
      while (!AtEnd() && std::isxdigit(static_cast<unsigned char>(Peek()))) Advance();
      FinishInteger(at, start, digits, 16);
      return;
    }
    bool isFloat = false;
    while (IsDigit(Peek())) Advance();
    if (Peek() == '.' && IsDigit(Peek(1))) {
      isFloat = true;
      Advance();
      while (IsDigit(Peek())) Advance();
    }
    if ((Peek() == 'e' || Peek() == 'E') &&
        (IsDigit(Peek(1)) || ((Peek(1) == '+' || Peek(1) == '-') && IsDigit(Peek(2))))) {
      isFloat = true;
      Advance();
      if (Peek() == '+' || Peek() == '-') Advance();
      while (IsDigit(Peek())) Advance();
    }
    if (!isFloat) {
      FinishInteger(at, start, start, 10);
      return;
    }
    std::string text = source_.substr(start, pos_ - start);
    if (!RejectGlued(at, text)) return;
    double number = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (error != std::errc() || end != text.data() + text.size()) {
      Error(at, "the number " + text + " is out of range", "write a float within the range of a double");
      return;
    }
    Emit(TokenKind::Float, at, std::move(text));
    result_.tokens.back().number = number;
  }

  void FinishInteger(SourcePosition at, size_t start, size_t digits, int base) {
    std::string text = source_.substr(start, pos_ - start);
    if (!RejectGlued(at, text)) return;
    int64_t integer = 0;
    const char* first = source_.data() + digits;
    const char* last = source_.data() + pos_;
    auto [end, error] = std::from_chars(first, last, integer, base);
    if (first == last || error != std::errc() || end != last) {
      Error(at, "the integer " + text + " is malformed or does not fit 64 bits",
            "write a decimal or 0x-prefixed hexadecimal integer below 2^63");
      return;
    }
    Emit(TokenKind::Integer, at, std::move(text));
    result_.tokens.back().integer = integer;
  }

  // A number glued to letters (`12ab`, `0x1g`) is one malformed token, not two.
  bool RejectGlued(SourcePosition at, std::string& text) {
    if (!IsNameChar(Peek()) && Peek() != '.') return true;
    if (Peek() == '.' && !IsNameStart(Peek(1))) return true;  // `1.` then an operator, or `x[1:]`
    size_t start = pos_ - text.size();
    while (!AtEnd() && (IsNameChar(Peek()) || Peek() == '.')) Advance();
    text = source_.substr(start, pos_ - start);
    Error(at, "malformed number `" + text + "`", "numbers look like 42, 0x1F, 1.5 or 1e-5");
    return false;
  }

  void ScanString() {
    SourcePosition at = Here();
    char quote = Peek();
    Advance();
    std::string text;
    lineHasCode_ = true;
    while (!AtEnd() && Peek() != quote && Peek() != '\n') {
      if (Peek() == '\\' && pos_ + 1 < source_.size() && source_[pos_ + 1] != '\n') {
        Advance();
        char escaped = Peek();
        text += escaped == 'n' ? '\n' : escaped == 't' ? '\t' : escaped;
      } else {
        text += Peek();
      }
      Advance();
    }
    if (Peek() != quote) {
      Error(at, "this string is not closed on its line", std::string("end it with ") + quote);
      return;
    }
    Advance();
    Emit(TokenKind::String, at, std::move(text));
  }

  void ScanOperator() {
    SourcePosition at = Here();
    std::string_view rest = std::string_view(source_).substr(pos_);
    for (std::string_view op : kOperators) {
      if (rest.substr(0, op.size()) != op) continue;
      for (size_t i = 0; i < op.size(); ++i) Advance();
      lineHasCode_ = true;
      if (op == "(" || op == "[") brackets_.push_back(at);
      if ((op == ")" || op == "]") && !brackets_.empty()) brackets_.pop_back();
      Emit(TokenKind::Operator, at, std::string(op));
      return;
    }
    unsigned char c = static_cast<unsigned char>(Peek());
    Advance();
    // A multi-byte UTF-8 character is one error, not one per byte.
    while (c >= 0x80 && !AtEnd() && (static_cast<unsigned char>(Peek()) & 0xC0) == 0x80) Advance();
    std::string shown = c >= 0x20 && c < 0x7F ? std::string("`") + static_cast<char>(c) + "`" : "a character";
    Error(at, "unexpected " + shown + " here", "the craft DSL uses ASCII names, numbers, strings and Python operators");
  }

  const std::string& source_;
  size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
  bool atLineStart_ = true;
  bool lineHasCode_ = false;
  std::vector<int> indents_ = {0};
  std::vector<SourcePosition> brackets_;
  LexResult result_;
};

}  // namespace

bool IsKeyword(const std::string& name) {
  for (std::string_view keyword : kKeywords)
    if (keyword == name) return true;
  return false;
}

bool IsReservedWord(const std::string& name) {
  for (std::string_view word : kReserved)
    if (word == name) return true;
  return false;
}

LexResult Lex(const std::string& source) { return Lexer(source).Run(); }

}  // namespace akgen::craft
