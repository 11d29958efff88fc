#include "bench/builder/source_scan.h"

#include <cctype>

#include "bench/builder/npu_syntax.h"

namespace akgen::bench {

bool IsWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string Masked(const std::string& code) {
  std::string masked = code;
  for (size_t i = 0; i < code.size();) {
    const size_t end = SkipCommentOrLiteral(code, i);
    if (end == i) {
      ++i;
      continue;
    }
    for (size_t j = i; j < end; ++j)
      if (masked[j] != '\n') masked[j] = ' ';
    i = end;
  }
  return masked;
}

size_t SkipSpace(const std::string& text, size_t i) {
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  return i;
}

bool WordAt(const std::string& text, size_t i, std::string_view word) {
  return text.compare(i, word.size(), word) == 0 && (i == 0 || !IsWordChar(text[i - 1])) &&
         (i + word.size() >= text.size() || !IsWordChar(text[i + word.size()]));
}

std::optional<size_t> CloseAngle(const std::string& text, size_t open) {
  int angles = 0, others = 0;
  for (size_t i = open; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '(' || c == '{' || c == '[') ++others;
    if (c == ')' || c == '}' || c == ']') --others;
    if (others > 0) continue;
    if (c == '<') ++angles;
    if (c == '>' && --angles == 0) return i + 1;
    if (c == ';' || c == '{' || c == '}') return std::nullopt;
  }
  return std::nullopt;
}

std::optional<std::pair<std::string, size_t>> TemplateHead(const std::string& masked, size_t i) {
  if (!WordAt(masked, i, "template")) return std::nullopt;
  const size_t open = SkipSpace(masked, i + 8);
  if (open >= masked.size() || masked[open] != '<') return std::nullopt;
  const std::optional<size_t> close = CloseAngle(masked, open);
  if (!close) return std::nullopt;
  return std::make_pair(masked.substr(open + 1, *close - open - 2), *close);
}

std::string Trimmed(std::string_view text) {
  size_t begin = 0, end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  return std::string(text.substr(begin, end - begin));
}

std::vector<std::string> SplitTopLevel(const std::string& list) {
  std::vector<std::string> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    const char c = list[i];
    if (c == '<' || c == '(' || c == '{' || c == '[') ++depth;
    if (c == '>' || c == ')' || c == '}' || c == ']') --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(Trimmed(list.substr(start, i - start)));
      start = i + 1;
    }
  }
  if (!Trimmed(list.substr(start)).empty()) parts.push_back(Trimmed(list.substr(start)));
  return parts;
}

std::optional<std::string> ClassBodyName(const std::string& masked, size_t brace) {
  size_t begin = brace;
  while (begin > 0 && masked[begin - 1] != ';' && masked[begin - 1] != '{' && masked[begin - 1] != '}') --begin;
  std::string head;
  size_t lineStart = begin;
  while (lineStart < brace) {  // drop preprocessor lines
    size_t lineEnd = masked.find('\n', lineStart);
    if (lineEnd == std::string::npos || lineEnd > brace) lineEnd = brace;
    const std::string line = masked.substr(lineStart, lineEnd - lineStart);
    if (Trimmed(line).rfind('#', 0) != 0) head += line + ' ';
    lineStart = lineEnd + 1;
  }
  for (std::string_view access : {"public", "private", "protected"}) {
    const std::string trimmed = Trimmed(head);
    if (trimmed.rfind(access, 0) == 0 && Trimmed(trimmed.substr(access.size())).rfind(':', 0) == 0)
      head = Trimmed(trimmed.substr(access.size())).substr(1);
  }
  size_t i = SkipSpace(head, 0);
  while (const auto templateHead = TemplateHead(head, i)) i = SkipSpace(head, templateHead->second);
  size_t keyword = 0;
  for (std::string_view key : {"class", "struct", "union"})
    if (WordAt(head, i, key)) keyword = key.size();
  if (keyword == 0) return std::nullopt;
  // The name: the first word after the key that is no attribute (`alignas(…)`, `[[…]]`).
  i = SkipSpace(head, i + keyword);
  size_t end = i;
  while (end < head.size() && IsWordChar(head[end])) ++end;
  return head.substr(i, end - i);
}

}  // namespace akgen::bench
