// Scanning C++ source text for the NPU-syntax rewrites (npu_syntax.h): comments and literals
// masked out, words, balanced angle brackets, template heads, class bodies. Text, not a parse:
// enough for the declarations kernels write, and every rewrite leaves what it cannot read alone.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace akgen::bench {

bool IsWordChar(char c);
// `code` with comments and literals blanked (newlines kept), so scans see only code.
std::string Masked(const std::string& code);
size_t SkipSpace(const std::string& text, size_t i);
// `word` at `i`, as a whole word.
bool WordAt(const std::string& text, size_t i, std::string_view word);
// The index just past the `>` closing the `<` at `open`, counting nested <>, () and {}.
std::optional<size_t> CloseAngle(const std::string& text, size_t open);
// `template <...>` at `i` (the word `template`): the head's text between the angles and the index
// past the closing `>`.
std::optional<std::pair<std::string, size_t>> TemplateHead(const std::string& masked, size_t i);
std::string Trimmed(std::string_view text);
// The top-level comma-separated parts of a template head or argument list.
std::vector<std::string> SplitTopLevel(const std::string& list);
// When the `{` at `brace` opens a class body — its head, back to the previous `;`, `{` or `}`, is
// `[template <...>] class|struct|union NAME ...` once access specifiers and directives are
// dropped — the class's name ("" for an anonymous one).
std::optional<std::string> ClassBodyName(const std::string& masked, size_t brace);

}  // namespace akgen::bench
