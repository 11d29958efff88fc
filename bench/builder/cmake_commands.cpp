#include "bench/builder/cmake_commands.h"

#include <cctype>
#include <optional>

namespace akgen::bench {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t'; }
bool IsNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool IsNameCharacter(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
// Where an unquoted argument ends (CMake's lexer ends it at these too).
bool EndsUnquoted(char c) { return std::isspace(static_cast<unsigned char>(c)) || c == '(' || c == ')' || c == '#' || c == '"'; }

class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) {}

  bool AtEnd() const { return at_ >= text_.size(); }
  char Peek() const { return text_[at_]; }
  bool LooksAt(std::string_view prefix) const { return text_.substr(at_, prefix.size()) == prefix; }
  int Line() const { return line_; }
  void Advance() {
    if (text_[at_] == '\n') ++line_;
    ++at_;
  }
  void SkipLine() {
    while (!AtEnd() && Peek() != '\n') Advance();
  }
  std::string RestOfLine() const { return std::string(text_.substr(at_, text_.find('\n', at_) - at_)); }
  // A bracket argument or comment opens here: `[` then any number of `=` then `[`.
  bool AtBracketOpening() const { return LooksAt("[[") || LooksAt("[="); }

 private:
  std::string_view text_;
  size_t at_ = 0;
  int line_ = 1;
};

class CommandReader {
 public:
  explicit CommandReader(std::string_view text) : cursor_(text) {}

  CmakeCommands Read() {
    CmakeCommands result;
    while (SkipSpaceAndComments() && !cursor_.AtEnd()) {
      if (cursor_.LooksAt("//")) {
        cursor_.SkipLine();
        continue;
      }
      std::optional<CmakeCommand> command = ReadCommand();
      if (!command) break;
      result.commands.push_back(std::move(*command));
    }
    result.problem = problem_;
    return result;
  }

 private:
  bool Fail(const std::string& what) {
    problem_ = "line " + std::to_string(cursor_.Line()) + ": " + what;
    return false;
  }

  // Skips white space and `#` comments; false at a bracket comment, which is not read.
  bool SkipSpaceAndComments() {
    while (!cursor_.AtEnd()) {
      if (std::isspace(static_cast<unsigned char>(cursor_.Peek()))) {
        cursor_.Advance();
      } else if (cursor_.Peek() == '#') {
        cursor_.Advance();
        if (cursor_.AtBracketOpening()) return Fail("a bracket comment #[[...]], which is not read");
        cursor_.SkipLine();
      } else {
        break;
      }
    }
    return true;
  }

  std::optional<CmakeCommand> ReadCommand() {
    CmakeCommand command;
    command.line = cursor_.Line();
    if (!IsNameStart(cursor_.Peek())) {
      Fail("`" + cursor_.RestOfLine() + "` is not a CMake command");
      return std::nullopt;
    }
    while (!cursor_.AtEnd() && IsNameCharacter(cursor_.Peek())) {
      command.name += static_cast<char>(std::tolower(static_cast<unsigned char>(cursor_.Peek())));
      cursor_.Advance();
    }
    while (!cursor_.AtEnd() && IsBlank(cursor_.Peek())) cursor_.Advance();
    if (cursor_.AtEnd() || cursor_.Peek() != '(') {
      Fail("`" + command.name + "` is not followed by `(`");
      return std::nullopt;
    }
    cursor_.Advance();
    if (!ReadArguments(command.arguments)) return std::nullopt;
    return command;
  }

  // The arguments up to the `)` that closes the command.
  bool ReadArguments(std::vector<std::string>& arguments) {
    int depth = 0;
    while (SkipSpaceAndComments()) {
      if (cursor_.AtEnd()) return Fail("the file ends inside a command's arguments");
      const char c = cursor_.Peek();
      if (c == ')' && depth == 0) {
        cursor_.Advance();
        return true;
      }
      if (c == '(' || c == ')') {
        depth += c == '(' ? 1 : -1;
        arguments.emplace_back(1, c);
        cursor_.Advance();
      } else if (cursor_.AtBracketOpening()) {
        return Fail("a bracket argument [[...]], which is not read");
      } else if (!ReadArgument(arguments.emplace_back())) {
        return false;
      }
    }
    return false;
  }

  bool ReadArgument(std::string& argument) {
    const bool quoted = cursor_.Peek() == '"';
    if (quoted) cursor_.Advance();
    while (!cursor_.AtEnd()) {
      const char c = cursor_.Peek();
      if (quoted ? c == '"' : EndsUnquoted(c)) break;
      if (c == '\\') return Fail("an escape sequence, which is not read");
      argument += c;
      cursor_.Advance();
    }
    if (!quoted) return true;
    if (cursor_.AtEnd()) return Fail("the file ends inside a quoted argument");
    cursor_.Advance();
    return true;
  }

  Cursor cursor_;
  std::string problem_;
};

}  // namespace

CmakeCommands ReadCmakeCommands(std::string_view text) { return CommandReader(text).Read(); }

}  // namespace akgen::bench
