// `akgen data cot-docs`: documentation-based chain of thought (the AscendKernelGen paper, §4.1.1).
// Each section of the manuals given (doc_sections.h) long enough to teach something becomes one
// teacher request (gen/prompts/cot_docs.md) for question/reasoning/answer triples; each triple is a
// record keeping its section's file, line and headings.
#pragma once
#include <cstddef>
#include <vector>

#include "data/cot/cot_builder.h"
#include "data/docs/doc_sections.h"

namespace akgen::data {

struct DocsCotOptions {
  size_t questionsPerSection = 3;
  size_t minChars = 200;    // shorter sections (a heading and a line) teach too little
  size_t maxChars = 12000;  // longer ones are cut, with a note, to keep requests in context
};

// The requests, and how many sections were too short.
std::vector<CotItem> DocsCotItems(const std::vector<DocSection>& sections, const gen::PromptTemplate& prompt,
                                  const DocsCotOptions& options, size_t& tooShort);

// One record per well-formed triple: {"kind": "cot-docs", "messages": [the question], "reasoning",
// "answer"}; an answer without any is rejected.
CotJudgement JudgeDocsAnswer(const CotItem& item, const gen::Choice& answer);

}  // namespace akgen::data
