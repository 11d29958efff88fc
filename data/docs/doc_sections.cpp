#include "data/docs/doc_sections.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace akgen::data {
namespace {

namespace fs = std::filesystem;

std::string Lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

bool IsMarkdown(const fs::path& file) {
  const std::string extension = Lowercase(file.extension().string());
  return extension == ".md" || extension == ".markdown";
}

bool IsHtml(const fs::path& file) {
  const std::string extension = Lowercase(file.extension().string());
  return extension == ".html" || extension == ".htm";
}

std::string Trimmed(const std::string& text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

// Builds sections as headings arrive, keeping the stack of headings above the current one.
class SectionBuilder {
 public:
  explicit SectionBuilder(const fs::path& file) : file_(file) { current_.heading = file.filename().string(); }

  void Heading(int level, const std::string& title, int line) {
    Flush();
    while (!stack_.empty() && stack_.back().first >= level) stack_.pop_back();
    stack_.emplace_back(level, title);
    current_ = DocSection{};
    current_.line = line;
    current_.heading = title;
    for (const auto& [depth, name] : stack_) current_.headingPath += (current_.headingPath.empty() ? "" : " > ") + name;
  }

  void Text(const std::string& text) { body_ += text; }

  std::vector<DocSection> Finish() {
    Flush();
    return std::move(sections_);
  }

 private:
  void Flush() {
    current_.text = Trimmed(body_);
    body_.clear();
    if (current_.text.empty()) return;
    current_.file = file_;
    if (current_.headingPath.empty()) current_.headingPath = current_.heading;
    sections_.push_back(current_);
  }

  fs::path file_;
  DocSection current_;
  std::string body_;
  std::vector<std::pair<int, std::string>> stack_;
  std::vector<DocSection> sections_;
};

std::vector<DocSection> SplitMarkdown(const fs::path& file, const std::string& content) {
  SectionBuilder builder(file);
  std::istringstream lines(content);
  std::string line;
  std::string fence;  // the open fence's marker (``` or ~~~), empty outside code
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    const std::string trimmed = Trimmed(line);
    if (trimmed.rfind("```", 0) == 0 || trimmed.rfind("~~~", 0) == 0) {
      const std::string marker = trimmed.substr(0, 3);
      if (fence.empty())
        fence = marker;
      else if (fence == marker)
        fence.clear();
    }
    const size_t hashes = line.find_first_not_of('#');
    if (fence.empty() && hashes >= 1 && hashes <= 6 && hashes < line.size() && line[hashes] == ' ') {
      std::string title = Trimmed(line.substr(hashes));
      while (!title.empty() && title.back() == '#') title.pop_back();  // closing hashes
      builder.Heading(static_cast<int>(hashes), Trimmed(title), number);
    } else {
      builder.Text(line + "\n");
    }
  }
  return builder.Finish();
}

std::string DecodeEntities(std::string text) {
  static const std::pair<const char*, const char*> kEntities[] = {{"&lt;", "<"},  {"&gt;", ">"},   {"&quot;", "\""},
                                                                  {"&#39;", "'"}, {"&nbsp;", " "}, {"&amp;", "&"}};
  for (const auto& [entity, character] : kEntities)
    for (size_t at = text.find(entity); at != std::string::npos; at = text.find(entity, at + 1))
      text.replace(at, std::string(entity).size(), character);
  return text;
}

std::string PlainText(const std::string& html) {
  static const std::regex kHidden("<(script|style)[^>]*>[\\s\\S]*?</\\1>", std::regex::icase);
  static const std::regex kBreaks("<(br|/p|/div|/li|/tr|/pre)[^>]*>", std::regex::icase);
  static const std::regex kTags("<[^>]*>");
  std::string text = std::regex_replace(html, kHidden, "");
  text = std::regex_replace(text, kBreaks, "\n");
  return DecodeEntities(std::regex_replace(text, kTags, ""));
}

std::vector<DocSection> SplitHtml(const fs::path& file, const std::string& content) {
  static const std::regex kHeading("<h([1-6])[^>]*>([\\s\\S]*?)</h\\1>", std::regex::icase);
  SectionBuilder builder(file);
  size_t done = 0;
  for (std::sregex_iterator match(content.begin(), content.end(), kHeading), end; match != end; ++match) {
    const size_t at = static_cast<size_t>(match->position(0));
    builder.Text(PlainText(content.substr(done, at - done)));
    const int line = 1 + static_cast<int>(std::count(content.begin(), content.begin() + static_cast<long>(at), '\n'));
    builder.Heading(std::stoi((*match)[1].str()), Trimmed(PlainText((*match)[2].str())), line);
    done = at + static_cast<size_t>(match->length(0));
  }
  builder.Text(PlainText(content.substr(done)));
  return builder.Finish();
}

}  // namespace

std::vector<DocSection> SplitDocument(const fs::path& file) {
  std::ifstream stream(file, std::ios::binary);
  if (!stream) throw std::runtime_error(file.string() + ": cannot read this documentation file");
  const std::string content((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
  if (IsHtml(file)) return SplitHtml(file, content);
  return SplitMarkdown(file, content);
}

std::vector<DocSection> CollectDocSections(const std::vector<fs::path>& paths) {
  std::vector<fs::path> files;
  for (const fs::path& path : paths) {
    if (fs::is_directory(path)) {
      for (const fs::directory_entry& entry : fs::recursive_directory_iterator(path))
        if (entry.is_regular_file() && (IsMarkdown(entry.path()) || IsHtml(entry.path())))
          files.push_back(entry.path());
    } else if (fs::is_regular_file(path)) {
      files.push_back(path);
    } else {
      throw std::runtime_error(path.string() + ": no such documentation file or folder");
    }
  }
  std::sort(files.begin(), files.end());
  std::vector<DocSection> sections;
  for (const fs::path& file : files)
    for (DocSection& section : SplitDocument(file)) sections.push_back(std::move(section));
  return sections;
}

}  // namespace akgen::data
