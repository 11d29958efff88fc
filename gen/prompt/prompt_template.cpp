#include "gen/prompt/prompt_template.h"

#include <cctype>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace akgen::gen {
namespace fs = std::filesystem;
namespace {

bool IsNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool IsNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

struct Field {
  std::string name;
  size_t end = 0;  // just past the closing braces
};

// The field opening at `at` (which holds `{{`), or nothing when the braces hold no bare name.
std::optional<Field> FieldAt(const std::string& text, size_t at) {
  size_t i = at + 2;
  while (i < text.size() && text[i] == ' ') ++i;
  if (i >= text.size() || !IsNameStart(text[i])) return std::nullopt;
  const size_t nameBegin = i;
  while (i < text.size() && IsNameChar(text[i])) ++i;
  const size_t nameEnd = i;
  while (i < text.size() && text[i] == ' ') ++i;
  if (text.compare(i, 2, "}}") != 0) return std::nullopt;
  return Field{text.substr(nameBegin, nameEnd - nameBegin), i + 2};
}

std::string KnownNames(const std::map<std::string, std::string>& values) {
  std::string names;
  for (const auto& [name, value] : values) names += (names.empty() ? "" : ", ") + name;
  return names.empty() ? "none" : names;
}

}  // namespace

fs::path BuiltinPromptsDirectory() { return AKGEN_PROMPTS_DIR; }

PromptTemplate LoadPromptTemplate(const std::string& name, const fs::path& overrideDirectory) {
  fs::path path = BuiltinPromptsDirectory() / name;
  if (!overrideDirectory.empty() && fs::is_regular_file(overrideDirectory / name)) path = overrideDirectory / name;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw std::runtime_error(path.string() + ": cannot read the prompt template " + name +
                             (overrideDirectory.empty() ? "" : " (nor is it in --prompts " + overrideDirectory.string() + ")"));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return {name, path, text.str()};
}

std::string RenderPrompt(const PromptTemplate& prompt, const std::map<std::string, std::string>& values) {
  const std::string& text = prompt.text;
  std::string out;
  out.reserve(text.size());
  int line = 1;
  size_t i = 0;
  while (i < text.size()) {
    if (text.compare(i, 2, "{{") == 0) {
      if (const std::optional<Field> field = FieldAt(text, i)) {
        const auto value = values.find(field->name);
        if (value == values.end()) {
          throw std::runtime_error(prompt.path.string() + ":" + std::to_string(line) + ": {{" + field->name +
                                   "}} is no field this prompt fills; it fills " + KnownNames(values));
        }
        out += value->second;
        i = field->end;
        continue;
      }
    }
    if (text[i] == '\n') ++line;
    out += text[i++];
  }
  return out;
}

std::string WithoutTrailingSpace(std::string text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  return text;
}

std::string PromptFileText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path.string() + ": cannot read it for the prompt");
  std::ostringstream text;
  text << in.rdbuf();
  return WithoutTrailingSpace(text.str());
}

}  // namespace akgen::gen
