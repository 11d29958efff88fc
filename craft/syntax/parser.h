// The craft parser: source text to the syntax tree (ast.h), by recursive descent over the lexer's
// tokens. It never throws and never aborts; every problem is a `syntax` Diagnostic.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "craft/craft.h"
#include "craft/syntax/ast.h"

namespace akgen::craft {

struct ParseResult {
  std::optional<Program> program;  // set when there is no syntax error
  std::vector<Diagnostic> diagnostics;
};

// `fileName` only labels the diagnostics.
ParseResult Parse(const std::string& source, const std::string& fileName);

}  // namespace akgen::craft
