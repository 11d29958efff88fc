// Writes generated C++ line by line at a consistent 4-space indentation.
#pragma once
#include <string>
#include <string_view>

namespace akgen::craft::lower {

class CodeWriter {
 public:
  // One line at the current indentation; an empty text writes an empty line.
  void Line(std::string_view text) {
    if (!text.empty()) text_.append(static_cast<size_t>(depth_) * 4, ' ').append(text);
    text_ += '\n';
  }
  // `HEAD {` and one level deeper.
  void Open(std::string_view head) {
    Line(head.empty() ? std::string("{") : std::string(head) + " {");
    ++depth_;
  }
  // One level shallower and `}` followed by `tail` (`} else {`, `};`).
  void Close(std::string_view tail = "") {
    --depth_;
    Line("}" + std::string(tail));
  }
  void Indent() { ++depth_; }
  void Dedent() { --depth_; }
  const std::string& Text() const { return text_; }

 private:
  std::string text_;
  int depth_ = 0;
};

}  // namespace akgen::craft::lower
