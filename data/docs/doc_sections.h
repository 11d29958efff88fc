// Manuals split into sections, the unit the dataset builders cite and retrieve: Markdown at its ATX
// headings (`#` … `######`, not inside code fences), HTML at its <h1>…<h6> elements with the markup
// removed. Each section keeps its file, its heading and the headings above it.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace akgen::data {

struct DocSection {
  std::filesystem::path file;
  int line = 1;             // where the heading is (1 for text before the first heading)
  std::string heading;      // the section's own heading; the file's name for text before any
  std::string headingPath;  // the headings from the top down to this one, joined by " > "
  std::string text;         // the section's body, without its heading
};

// Sections of one Markdown (.md, .markdown) or HTML (.html, .htm) file; sections with no text are
// left out. Throws std::runtime_error naming the file when it cannot be read.
std::vector<DocSection> SplitDocument(const std::filesystem::path& file);

// Every such file given or below a given folder, in path order. Throws std::runtime_error naming a
// path that does not exist.
std::vector<DocSection> CollectDocSections(const std::vector<std::filesystem::path>& paths);

}  // namespace akgen::data
