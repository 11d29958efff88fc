// The question/reasoning/answer triples a teacher writes as `<qa><question>…</question>
// <reasoning>…</reasoning><answer>…</answer></qa>` blocks (the cot_docs.md template asks for them).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace akgen::data {

struct QaTriple {
  std::string question;
  std::string reasoning;
  std::string answer;
};

struct QaBlocks {
  std::vector<QaTriple> triples;
  size_t malformed = 0;  // <qa> blocks missing a part or with an empty one
};

QaBlocks ParseQaBlocks(const std::string& text);

// The text between the first <tag> and the next </tag>, trimmed; nullopt when either is missing.
std::optional<std::string> TaggedPart(const std::string& text, const std::string& tag);

}  // namespace akgen::data
