#include "data/hygiene/code_tokens.h"

#include <cctype>

namespace akgen::data {
namespace {

bool WordCharacter(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The end of the literal opened by the quote at `start` (past its closing quote, or the text's end).
size_t LiteralEnd(std::string_view source, size_t start) {
  const char quote = source[start];
  size_t i = start + 1;
  while (i < source.size() && source[i] != quote && source[i] != '\n') i += source[i] == '\\' ? 2 : 1;
  return std::min(source.size(), i + 1);
}

}  // namespace

std::vector<std::string> CodeTokens(std::string_view source) {
  std::vector<std::string> tokens;
  size_t i = 0;
  while (i < source.size()) {
    const char c = source[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (source.substr(i, 2) == "//") {
      i = source.find('\n', i);
      if (i == std::string_view::npos) i = source.size();
    } else if (source.substr(i, 2) == "/*") {
      const size_t close = source.find("*/", i + 2);
      i = close == std::string_view::npos ? source.size() : close + 2;
    } else if (c == '"' || c == '\'') {
      const size_t end = LiteralEnd(source, i);
      tokens.emplace_back(source.substr(i, end - i));
      i = end;
    } else if (WordCharacter(c)) {
      size_t end = i;
      while (end < source.size() &&
             (WordCharacter(source[end]) || (source[end] == '.' && std::isdigit(static_cast<unsigned char>(c)))))
        ++end;
      tokens.emplace_back(source.substr(i, end - i));
      i = end;
    } else {
      tokens.emplace_back(1, c);
      ++i;
    }
  }
  return tokens;
}

std::string NormalizedCode(std::string_view source) {
  std::string normalized;
  for (const std::string& token : CodeTokens(source)) {
    if (!normalized.empty()) normalized += ' ';
    normalized += token;
  }
  return normalized;
}

}  // namespace akgen::data
