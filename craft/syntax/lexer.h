// The craft lexer: source text to tokens with positions (docs/dsl.md "Lexical structure").
// Indentation becomes Indent/Dedent tokens, the ends of logical lines Newline tokens; inside
// brackets a line break joins lines, as in Python. Comments are not tokens: they are kept beside
// the tokens, by line, so the parser can attach rationales to host bindings.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "craft/syntax/ast.h"

namespace akgen::craft {

enum class TokenKind {
  Name,      // names and keywords (the parser tells them apart by text)
  Integer,   // 42, 0x1F
  Float,     // 1.5, 1e-5
  String,    // "message" (text holds the unescaped contents)
  Operator,  // + - * / // % ** == != < <= > >= = , : ( ) [ ] .
  Newline,   // the end of a logical line
  Indent,
  Dedent,
  End,
};

struct Token {
  TokenKind kind = TokenKind::End;
  SourcePosition at;
  std::string text;
  int64_t integer = 0;
  double number = 0;
};

// A lexical problem: the parser turns it into a `syntax` diagnostic.
struct LexError {
  SourcePosition at;
  std::string message;
  std::string hint;
};

struct Comments {
  std::map<int, std::string> ownLine;   // line → text of a comment alone on its line
  std::map<int, std::string> trailing;  // line → text of a comment after code
};

struct LexResult {
  std::vector<Token> tokens;  // always ends with Newline (if any code), Dedents, then End
  Comments comments;          // texts without the `#` and surrounding spaces
  std::vector<LexError> errors;
};

LexResult Lex(const std::string& source);

// The words docs/dsl.md lists as keywords.
bool IsKeyword(const std::string& name);
// The keywords that can never be a name (Python's own); the other keywords are contextual, so a
// tensor, attribute or scalar may be called `input`, `output`, `kernel`, ...
bool IsReservedWord(const std::string& name);

}  // namespace akgen::craft
