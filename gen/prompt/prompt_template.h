// Prompt templates: Markdown files in gen/prompts/ with `{{name}}` fields. A `--prompts DIR` folder
// may replace any of them file by file; the rest come from the built-in folder.
#pragma once
#include <filesystem>
#include <map>
#include <string>

namespace akgen::gen {

struct PromptTemplate {
  std::string name;            // `direct_full.md`
  std::filesystem::path path;  // the file it was read from, named in errors
  std::string text;
};

// The templates shipped with the sources (gen/prompts/).
std::filesystem::path BuiltinPromptsDirectory();

// `name` from `overrideDirectory` when that folder holds it, else from the built-in folder. An empty
// `overrideDirectory` means the built-in folder only. Throws std::runtime_error when neither has it.
PromptTemplate LoadPromptTemplate(const std::string& name, const std::filesystem::path& overrideDirectory);

// The template with every `{{name}}` (spaces inside the braces allowed) replaced by its value, in one
// pass: a value is inserted as it is, even when it holds `{{…}}` itself. Braces around anything but
// a name (C++ `{{1, 2}}`) are text. A field without a value throws std::runtime_error naming the
// template file and line; values the template does not use are fine (an override may leave some out).
std::string RenderPrompt(const PromptTemplate& prompt, const std::map<std::string, std::string>& values);

// A file's text as a field's value, without trailing whitespace: templates place every value on
// lines of its own, and a value's own final newline would leave a gap. Throws std::runtime_error
// naming the file when it cannot be read.
std::string PromptFileText(const std::filesystem::path& path);

// `text` without trailing whitespace, for the same reason.
std::string WithoutTrailingSpace(std::string text);

}  // namespace akgen::gen
