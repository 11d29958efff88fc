// Replacing every occurrence of a text, as the harness does to name a user's files in messages
// that name staged copies.
#pragma once
#include <string>

namespace akgen::bench {

// `text` with each occurrence of `from` replaced by `to`, left to right; replaced text is not
// searched again.
void ReplaceAll(std::string& text, const std::string& from, const std::string& to);

}  // namespace akgen::bench
