// C-family source reduced to its tokens: comments dropped, whitespace gone, string and character
// literals kept whole. Two candidates that differ only in comments or layout have the same tokens,
// so they count as one (exact duplicates) and near-duplicate measures compare code, not formatting.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace akgen::data {

// Identifiers, numbers and literals are single tokens; every other non-space character is one too.
std::vector<std::string> CodeTokens(std::string_view source);

// The tokens joined by single spaces: equal for sources that differ only in comments and layout.
std::string NormalizedCode(std::string_view source);

}  // namespace akgen::data
