#include "data/cot/cot_docs.h"

#include "data/cot/qa_blocks.h"

namespace akgen::data {

std::vector<CotItem> DocsCotItems(const std::vector<DocSection>& sections, const gen::PromptTemplate& prompt,
                                  const DocsCotOptions& options, size_t& tooShort) {
  std::vector<CotItem> items;
  tooShort = 0;
  for (const DocSection& section : sections) {
    if (section.text.size() < options.minChars) {
      ++tooShort;
      continue;
    }
    std::string text = section.text;
    if (text.size() > options.maxChars) text = text.substr(0, options.maxChars) + "\n[… the section continues]";
    const std::string content = gen::RenderPrompt(prompt, {{"heading_path", section.headingPath},
                                                           {"file", section.file.filename().string()},
                                                           {"text", text},
                                                           {"count", std::to_string(options.questionsPerSection)}});
    nlohmann::ordered_json source = {{"file", section.file.string()},
                                     {"line", section.line},
                                     {"heading", section.heading},
                                     {"heading_path", section.headingPath}};
    items.push_back({section.file.filename().string() + ":" + std::to_string(section.line) + " " + section.heading,
                     {{"user", content}},
                     std::move(source)});
  }
  return items;
}

CotJudgement JudgeDocsAnswer(const CotItem&, const gen::Choice& answer) {
  const QaBlocks blocks = ParseQaBlocks(answer.answer);
  if (blocks.triples.empty())
    return "no complete <qa> block (" + std::to_string(blocks.malformed) + " malformed) in the answer";
  std::vector<nlohmann::ordered_json> records;
  for (const QaTriple& triple : blocks.triples)
    records.push_back({{"kind", "cot-docs"},
                       {"messages", gen::MessagesJson({{"user", triple.question}})},
                       {"reasoning", triple.reasoning},
                       {"answer", triple.answer}});
  return records;
}

}  // namespace akgen::data
