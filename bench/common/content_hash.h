// A stable hash of build inputs, for cache folder names.
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace akgen::bench {

// FNV-1a, 64 bit: stable across runs and platforms, which std::hash is not. Each Add ends a field,
// so "ab" + "c" differs from "a" + "bc".
class ContentHash {
 public:
  ContentHash& Add(std::string_view text);
  ContentHash& AddFile(const std::filesystem::path& path);  // its name and content
  // A link input's identity without reading it: its path, size and modification time.
  ContentHash& AddFileStamp(const std::filesystem::path& path);
  std::string Hex() const;
  uint64_t Value() const { return hash_; }

 private:
  uint64_t hash_ = 0xcbf29ce484222325ULL;
};

std::string ReadFileText(const std::filesystem::path& path);  // "" when absent

}  // namespace akgen::bench
