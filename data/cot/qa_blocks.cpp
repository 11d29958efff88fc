#include "data/cot/qa_blocks.h"

namespace akgen::data {
namespace {

std::string Trimmed(const std::string& text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

}  // namespace

std::optional<std::string> TaggedPart(const std::string& block, const std::string& tag) {
  const size_t open = block.find("<" + tag + ">");
  if (open == std::string::npos) return std::nullopt;
  const size_t start = open + tag.size() + 2;
  const size_t close = block.find("</" + tag + ">", start);
  if (close == std::string::npos) return std::nullopt;
  return Trimmed(block.substr(start, close - start));
}

QaBlocks ParseQaBlocks(const std::string& text) {
  QaBlocks blocks;
  for (size_t open = text.find("<qa>"); open != std::string::npos; open = text.find("<qa>", open + 4)) {
    const size_t close = text.find("</qa>", open);
    const std::string block = text.substr(open, close == std::string::npos ? std::string::npos : close - open);
    const std::optional<std::string> question = TaggedPart(block, "question");
    const std::optional<std::string> reasoning = TaggedPart(block, "reasoning");
    const std::optional<std::string> answer = TaggedPart(block, "answer");
    if (!question || !reasoning || !answer || question->empty() || reasoning->empty() || answer->empty()) {
      ++blocks.malformed;
      continue;
    }
    blocks.triples.push_back({*question, *reasoning, *answer});
  }
  return blocks;
}

}  // namespace akgen::data
