// A full-text index of documentation sections (SQLite FTS5, ranked by BM25 with the heading weighing
// more than the body), to retrieve the section that documents an API a compiler error names.
#pragma once
#include <sqlite3.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "data/docs/doc_sections.h"

namespace akgen::data {

class DocIndex {
 public:
  // Indexes `sections` into `databaseFile`, replacing what it held. Throws std::runtime_error
  // naming the file when SQLite cannot create it or lacks FTS5.
  DocIndex(const std::filesystem::path& databaseFile, const std::vector<DocSection>& sections);
  ~DocIndex();
  DocIndex(const DocIndex&) = delete;
  DocIndex& operator=(const DocIndex&) = delete;

  // The best section for the first of `names` that any section mentions; sections whose heading
  // names it come before those that only mention it.
  std::optional<DocSection> Lookup(const std::vector<std::string>& names) const;

  size_t size() const { return size_; }

 private:
  std::filesystem::path file_;
  sqlite3* database_ = nullptr;
  size_t size_ = 0;
};

}  // namespace akgen::data
